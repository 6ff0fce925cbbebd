// `airlock demo` usage mistakes: one line, exit 2, and no server started (serving is tested on the installed package).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { COMMANDS, runCli } from '../../src/cli/main.js';
import { memoryIo } from '../support/cli-io.js';
import { useTempDir } from '../support/temp-dir.js';

const dir = useTempDir('cli-demo');
mkdirSync(join(dir, 'broken'));
writeFileSync(join(dir, 'broken', 'pack.json'), '{"name": "broken"');

describe('airlock demo', () => {
  test('is listed in the help, and its own help says how to stop it', async () => {
    const overview = memoryIo({ cwd: dir });
    expect(await runCli(['--help'], overview, COMMANDS)).toBe(0);
    expect(overview.out()).toMatch(/airlock demo {2,}serve a local chat page/);
    const help = memoryIo({ cwd: dir });
    expect(await runCli(['demo', '--help'], help)).toBe(0);
    expect(help.out()).toMatch(/^usage: airlock demo \[DIR\.\.\.\] \[--port N\]/);
    expect(help.out()).toContain('Ctrl-C (SIGINT) or SIGTERM stops it.');
  });

  test.each([
    [['--port', '70000'], /--port takes a number from 0 to 65535/],
    [['--port', '-1'], /option --port is missing its value|--port takes a number/],
    [['--port', '80x'], /--port takes a number from 0 to 65535/],
    [['--bogus'], /unknown option --bogus/],
    [['broken'], /invalid pack: broken\/pack\.json/],
    [['missing-folder'], /^airlock demo: missing-folder does not exist$/m],
  ])('%j is one line and exit 2', async (args, message) => {
    const run = memoryIo({ cwd: dir });
    expect(await runCli(['demo', ...args], run)).toBe(2);
    expect(run.err().trimEnd().split('\n')).toHaveLength(1);
    expect(run.err()).toMatch(message);
    expect(run.out()).toBe('');
  });
});

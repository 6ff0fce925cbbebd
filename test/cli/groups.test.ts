// Command groups (`fixtures`, `evidence`, `keys`) named without a command: help on --help, a named mistake otherwise.
import { describe, expect, test } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { memoryIo } from '../support/cli-io.js';
import { useTempDir } from '../support/temp-dir.js';

const dir = useTempDir('groups');

async function airlock(...args: string[]) {
  const io = memoryIo({ cwd: dir });
  const code = await runCli(args, io);
  return { code, stdout: io.out(), stderr: io.err() };
}

describe('command groups', () => {
  test.each([
    ['fixtures', ['run']],
    ['evidence', ['get', 'purge', 'revoke']],
    ['keys', ['new', 'rotate', 'rewrap']],
  ])('%s --help lists its commands on stdout and exits 0', async (group, commands) => {
    const help = await airlock(group, '--help');
    expect(help).toMatchObject({ code: 0, stderr: '' });
    for (const command of commands) expect(help.stdout).toContain(`airlock ${group} ${command} `);
  });

  test('a group alone asks for one of its commands, exit 2', async () => {
    const alone = await airlock('keys');
    expect(alone).toMatchObject({ code: 2, stdout: '' });
    expect(alone.stderr).toMatch(/^airlock keys: name a command: airlock keys new\|rotate\|rewrap\n/);
  });

  test('a word the group does not have is an unknown command, never an incomplete one', async () => {
    const unknown = await airlock('evidence', 'list');
    expect(unknown).toMatchObject({ code: 2, stdout: '' });
    expect(unknown.stderr).toBe(
      'airlock evidence: unknown command; the evidence commands are get|purge|revoke (see airlock evidence --help)\n',
    );
  });

  test('a pack folder that does not exist is said so, exit 2', async () => {
    const missing = await airlock('fixtures', 'run', 'nope/');
    expect(missing).toMatchObject({ code: 2, stderr: 'airlock fixtures run: nope does not exist\n' });
  });
});

// Runs examples/mcp/five-minutes.ts as a user would (a key file made by the CLI first), then reads its evidence with the CLI.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { memoryIo } from '../support/cli-io.js';

const EXAMPLE = fileURLToPath(new URL('../../examples/mcp/five-minutes.ts', import.meta.url));
const TSX = createRequire(import.meta.url).resolve('tsx');
/** The clone's tsconfig: its `paths` resolve the example's `agent-airlock` imports to the sources. */
const TSCONFIG = fileURLToPath(new URL('../../tsconfig.json', import.meta.url));
const cwd = mkdtempSync(join(tmpdir(), 'airlock-five-'));

afterAll(() => {
  rmSync(cwd, { recursive: true, force: true });
});

it('connects, approves, calls and reads evidence back, as the README says', async () => {
  expect(await runCli(['keys', 'rotate', '--init', '--key-file', 'keys.json'], memoryIo({ cwd }))).toBe(0);
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', TSX, EXAMPLE], {
    cwd,
    timeout: 60_000,
    env: { ...process.env, TSX_TSCONFIG_PATH: TSCONFIG },
  });
  const steps = stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(steps).toEqual([
    { step: 'listed', tools: expect.any(Number), quarantined: expect.any(Number) },
    { step: 'echo', ok: true, prose: ['Echo: hello from five minutes'] },
    { step: 'weather', outcome: { temperature: 33, conditions: 'Cloudy', humidity: 82 } },
    { step: 'unapproved', error: { code: 'tool_unavailable', retryable: false } },
    { step: 'evidence', ref: expect.stringMatching(/^ev_/), matchesAudit: true },
  ]);
  expect(steps[0]!.tools).toBe(steps[0]!.quarantined);
  const io = memoryIo({ cwd });
  const read = [
    '--role',
    'security-operator',
    '--tenant',
    'acme',
    '--store',
    'evidence.sqlite',
    '--key-file',
    'keys.json',
  ];
  expect(await runCli(['evidence', 'get', steps[4]!.ref as string, ...read], io)).toBe(0);
  expect(JSON.parse(io.out())).toMatchObject({ structuredContent: { conditions: 'Cloudy' } });
});

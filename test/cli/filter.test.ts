// `airlock filter` as a shell or Python caller runs it: a child process, stdin in, the gated bytes and exit code out.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { unwrapBlock } from '../adapters/fixtures.js';
import { HOSTILE_TEXT, HOSTILE_TEXT_IN_BLOCK, PLANTED_TOKEN } from '../adapters/hostile-output.js';
import { runBin } from './run-bin.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/claude-code/', import.meta.url));
const BIN = fileURLToPath(new URL('../../src/cli/bin.ts', import.meta.url));
const TSX = createRequire(import.meta.url).resolve('tsx');

const filter = (args: string[], stdin: string) => runBin(['filter', ...args], { cwd: FIXTURES, stdin });

/** The exact block around `content` whose nonce and source `stdout` carries. */
function expectBlock(stdout: string, source: string, content: string): void {
  const { nonce } = unwrapBlock(stdout.slice(0, -1), source);
  expect(stdout).toBe(
    `<untrusted-${nonce} source="${source}" format="tags">\n${content}\n</untrusted-${nonce}>\n`,
  );
}

const ticket = (extra = ''): string =>
  `{"id":"T-42","title":${JSON.stringify(HOSTILE_TEXT)},${extra}"status":"open"}`;

describe('the default contract: any JSON whose strings are text', () => {
  test('a JSON document: exit 0, one untrusted block; boundary defused, token redacted', async () => {
    const run = await filter([], JSON.stringify({ items: [{ note: HOSTILE_TEXT, n: 1 }], ok: true }));
    expect(run.code).toBe(0);
    expectBlock(run.stdout, 'tool_output', `{"items":[{"note":"${HOSTILE_TEXT_IN_BLOCK}","n":1}],"ok":true}`);
    expect(run.stdout).not.toContain(PLANTED_TOKEN);
    expect(run.stderr).toBe('');
  });

  test('text that is not a JSON document is read as one text, named by --name', async () => {
    const run = await filter(['--name', 'cat'], `${HOSTILE_TEXT}\n`);
    expect(run.code).toBe(0);
    expectBlock(run.stdout, 'cat', `"${HOSTILE_TEXT_IN_BLOCK}\\n"`);
  });

  test('a document that is not strict JSON is invalid_json, never read as text', async () => {
    const run = await filter([], `{"note":"a","note":${JSON.stringify(HOSTILE_TEXT)}}`);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('{"error":{"code":"invalid_json","retryable":false}}\n');
    expect(run.stderr).toBe('airlock filter: rejected: invalid_json (parse: parse.duplicate_key)\n');
  });

  test('--format json: the outcome as JSON, the prose cleaned', async () => {
    const run = await filter(['--format', 'json'], JSON.stringify({ note: HOSTILE_TEXT }));
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      ok: true,
      data: { note: expect.stringContaining('[redacted:secret:github]') as unknown },
      meta: { tool: 'tool_output', schemaVersion: 'airlock.any-json', requestId: 'cli' },
    });
    expect(run.stdout).not.toContain(PLANTED_TOKEN);
  });

  test('--audit: the audit record as one JSON line on stderr, the block and exit 0 unchanged', async () => {
    const run = await filter(['--audit'], JSON.stringify({ note: 'plain words' }));
    expect(run.code).toBe(0);
    expectBlock(run.stdout, 'tool_output', '{"note":"plain words"}');
    expect(JSON.parse(run.stderr)).toMatchObject({ type: 'tool.result', outcome: 'accepted' });
    expect(run.ms).toBeLessThan(10_000);
  });

  test('50 MB is result_too_large, exit 1, soon after the ceiling', () => {
    const started = Date.now();
    const run = spawnSync(process.execPath, ['--import', TSX, BIN, 'filter'], {
      input: `${HOSTILE_TEXT} ${'A'.repeat(50 << 20)}`,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('{"error":{"code":"result_too_large","retryable":false}}\n');
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  test('bytes that are not UTF-8 are invalid_encoding; --max-bytes sets the ceiling', async () => {
    const bad = spawnSync(process.execPath, ['--import', TSX, BIN, 'filter'], {
      input: Buffer.from([0x6f, 0x6b, 0xff, 0xfe]),
      encoding: 'utf8',
    });
    expect([bad.status, bad.stdout]).toEqual([
      1,
      '{"error":{"code":"invalid_encoding","retryable":false}}\n',
    ]);
    const small = await filter(['--max-bytes', '1024'], 'x'.repeat(2048));
    expect([small.code, small.stdout]).toEqual([
      1,
      '{"error":{"code":"result_too_large","retryable":false}}\n',
    ]);
  });
});

describe('--tool CONTRACT.json', () => {
  test('an accepted result is shown projected under the contract’s name', async () => {
    const run = await filter(['--tool', 'ticket.contract.json'], ticket());
    expect(run.code).toBe(0);
    expectBlock(
      run.stdout,
      'ticket_lookup',
      `{"id":"T-42","title":"${HOSTILE_TEXT_IN_BLOCK}","status":"open"}`,
    );
  });

  test('an extra member: exit 1, the typed error, nothing of the output', async () => {
    const run = await filter(['--tool', 'ticket.contract.json'], ticket('"admin_override":true,'));
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('{"error":{"code":"schema_mismatch","retryable":false}}\n');
    expect(run.stderr).toBe(
      'airlock filter: rejected: schema_mismatch (validate: validate.additionalProperties)\n',
    );
  });

  test('plain text is not a result of a JSON contract', async () => {
    const run = await filter(['--tool', 'ticket.contract.json'], HOSTILE_TEXT);
    expect([run.code, run.stdout]).toEqual([1, '{"error":{"code":"invalid_json","retryable":false}}\n']);
  });
});

describe('usage mistakes exit 2 and echo nothing', () => {
  test.each([
    [['--format', 'yaml']],
    [['--tool', 'ticket.contract.json', '--max-bytes', '4096']],
    [['--max-bytes', '12']],
    [['--bogus']],
    [['result.json']],
    [['--tool', 'missing.contract.json']],
  ])('%j', async (args) => {
    const run = await filter(args, HOSTILE_TEXT);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^airlock filter: /);
    expect(run.stderr).not.toContain('Printer');
  });
});

// Every CLI misuse ends with one clear line and the right exit code: no stack trace, bounded memory, no hang.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { REQUEST_ID, reviewStatusContract } from '../support/contracts.js';
import { useTempDir } from '../support/temp-dir.js';
import { runBin, type BinResult } from './run-bin.js';

const dir = useTempDir('cli-misuse');
const { name, version, schema, bind, failure, project } = reviewStatusContract;
const contract = { name, version, schema, bind, failure, project, limits: { read: { timeoutMs: 500 } } };
writeFileSync(join(dir, 'contract.json'), JSON.stringify(contract));
writeFileSync(join(dir, 'context.json'), JSON.stringify({ requestId: REQUEST_ID }));
writeFileSync(join(dir, 'broken-context.json'), '{"requestId": ');
mkdirSync(join(dir, 'folder'));
execFileSync('mkfifo', [join(dir, 'fifo')]);

/** One line on standard error, no stack frame, the expected exit code. */
function expectOneLine(result: BinResult, code: number, pattern: RegExp): void {
  expect(result.code).toBe(code);
  expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(result.stderr.trimEnd()).toMatch(pattern);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

const check = (...args: string[]): string[] => ['check', '--tool', 'contract.json', ...args];

describe('the executable', () => {
  test('prints its version and exits 0', async () => {
    const result = await runBin(['--version'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  test('prints help for the tool and for each command', async () => {
    expect((await runBin(['--help'], { cwd: dir })).stdout).toMatch(/^usage: airlock <command>/);
    const help = await runBin(['check', '--help'], { cwd: dir });
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^usage: airlock check --tool/);
    expect(help.stderr).toBe('');
  });
});

describe('usage mistakes exit 2 with one line', () => {
  test.each([
    ['an unknown command', ['frobnicate'], /unknown command/],
    ['an unknown flag', check('--bogus'), /unknown option --bogus/],
    [
      'a missing contract file',
      ['check', '--tool', 'missing.json'],
      /the contract file .*missing\.json does not exist/,
    ],
    ['a folder as the contract file', ['check', '--tool', 'folder'], /is not a file \(it is a folder\)/],
    ['a missing result file', check('nothing.json'), /the result file .*nothing\.json does not exist/],
    ['a folder as the result file', check('folder'), /the result file .* is not a file/],
    [
      'invalid JSON in the context file',
      check('--context', 'broken-context.json', '-'),
      /The context file .*broken-context\.json is not strict JSON/,
    ],
    [
      'a contract that is a device without end',
      ['check', '--tool', '/dev/zero'],
      /the contract file \/dev\/zero is too large/,
    ],
    [
      'a FIFO nobody writes to as the contract',
      ['check', '--tool', 'fifo'],
      /the contract file .*fifo did not finish in time/,
    ],
    [
      'a missing store for evidence',
      ['evidence', 'get', 'ev_x', '--role', 'r', '--tenant', 't', '--store', 'typo/dir/x.sqlite'],
      /the evidence store typo\/dir\/x\.sqlite does not exist/,
    ],
    [
      '--out in a missing folder',
      ['fixtures', 'run', '.', '--out', 'no/such/report.xml'],
      /the folder of --out no\/such\/report\.xml does not exist/,
    ],
  ])('%s', async (_what, args, pattern) => {
    const result = await runBin(args, { cwd: dir, stdin: '{}' });
    expectOneLine(result, 2, pattern);
    expect(result.stdout).toBe('');
  });

  test('a missing evidence store is not created', () => {
    expect(existsSync(join(dir, 'typo'))).toBe(false);
  });
});

describe('nothing hangs', () => {
  test('a never-closing standard input ends in a timeout outcome, and the process exits', async () => {
    const result = await runBin(check('--context', 'context.json', '-'), { cwd: dir, keepStdin: true });
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: false, error: { code: 'timeout' } });
    expect(result.stderr).toMatch(/^airlock check: rejected: timeout in read: read\.timeout/);
    expect(result.ms).toBeLessThan(15_000);
  });

  test('an unreachable Redis store is one line, exit 1, no ioredis stack', async () => {
    const result = await runBin(['evidence', 'purge', '--store', 'redis://127.0.0.1:1/0'], { cwd: dir });
    expectOneLine(
      result,
      1,
      /^airlock evidence purge: store_error: the redis store at 127\.0\.0\.1:1 closed the connection before it was ready \(is the server running on that port\?\)$/,
    );
  });
});

describe('a rejection names its reason', () => {
  test('check prints the stage and detailed code by default, never the payload', async () => {
    const body = JSON.stringify({
      tool: 'review_status',
      request_id: REQUEST_ID,
      outcome: 'success',
      data: { change_id: 'CR-7', decision: 'approved', reviewed_by: 'ana', admin_override: 'SECRET-MARK' },
    });
    const result = await runBin(check('--context', 'context.json', '-'), { cwd: dir, stdin: body });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^airlock check: rejected: schema_mismatch in validate: validate\.additionalProperties/,
    );
    expect(result.stderr + result.stdout).not.toContain('SECRET-MARK');
  });
});

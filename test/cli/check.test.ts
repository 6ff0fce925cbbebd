// `airlock check`: exit 0 accepted, 1 rejected, 2 usage or contract error; the outcome is printed as JSON.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { memoryIo } from '../support/cli-io.js';
import { useTempDir } from '../support/temp-dir.js';
import { REQUEST_ID, reviewStatusContract } from '../support/contracts.js';

const dir = useTempDir('check');
const success = JSON.stringify({
  tool: 'review_status',
  request_id: REQUEST_ID,
  outcome: 'success',
  data: { change_id: 'CR-7', decision: 'approved', reviewed_by: 'ana' },
});

beforeAll(() => {
  const { name, version, schema, bind, failure, project } = reviewStatusContract;
  writeFileSync(
    join(dir, 'contract.json'),
    JSON.stringify({ name, version, schema, bind, failure, project }),
  );
  writeFileSync(join(dir, 'context.json'), JSON.stringify({ requestId: REQUEST_ID }));
  writeFileSync(join(dir, 'ok.json'), success);
  writeFileSync(join(dir, 'extra.json'), success.replace('"ana"', '"ana","admin_override":true'));
  writeFileSync(
    join(dir, 'open.json'),
    JSON.stringify({ name: 't', version: 'v1', schema: { type: 'object' } }),
  );
});

describe('airlock check', () => {
  test('an accepted result prints the outcome and exits 0', async () => {
    const io = memoryIo({ cwd: dir });
    expect(
      await runCli(['check', '--tool', 'contract.json', '--context', 'context.json', 'ok.json'], io),
    ).toBe(0);
    expect(JSON.parse(io.out())).toMatchObject({
      ok: true,
      data: { change_id: 'CR-7', decision: 'approved' },
    });
  });

  test('a rejected result from stdin exits 1 and prints no byte of the payload', async () => {
    const io = memoryIo({ cwd: dir, stdin: success.replace('"ana"', '"ana","admin_override":true') });
    expect(await runCli(['check', '--tool', 'contract.json', '--context', 'context.json', '-'], io)).toBe(1);
    expect(JSON.parse(io.out())).toMatchObject({ ok: false, error: { code: 'schema_mismatch' } });
    expect(io.out()).not.toContain('admin_override');
  });

  test('--audit writes one JSON audit line to stderr, and the outcome and exit code are the same as without', async () => {
    const rejected = memoryIo({ cwd: dir });
    const args = ['check', '--tool', 'contract.json', '--context', 'context.json', '--audit'];
    const started = Date.now();
    expect(await runCli([...args, 'extra.json'], rejected)).toBe(1);
    expect(JSON.parse(rejected.out())).toMatchObject({
      ok: false,
      error: { code: 'schema_mismatch', retryable: false },
    });
    const record = JSON.parse(rejected.err()) as { outcome: string; issue: { code: string } };
    expect(record).toMatchObject({ outcome: 'rejected', issue: { code: 'validate.additionalProperties' } });

    const accepted = memoryIo({ cwd: dir });
    expect(await runCli([...args, 'ok.json'], accepted)).toBe(0);
    expect(JSON.parse(accepted.out())).toMatchObject({ ok: true, data: { change_id: 'CR-7' } });
    expect(JSON.parse(accepted.err())).toMatchObject({ outcome: 'accepted' });
    expect(Date.now() - started).toBeLessThan(1_500); // no wait on an audit write that never completes
  });

  test('usage and contract errors exit 2', async () => {
    expect(await runCli(['check'], memoryIo({ cwd: dir }))).toBe(2);
    expect(await runCli(['check', '--tool', 'contract.json', '--bogus'], memoryIo({ cwd: dir }))).toBe(2);
    const io = memoryIo({ cwd: dir });
    expect(await runCli(['check', '--tool', 'open.json', 'ok.json'], io)).toBe(2);
    expect(io.err()).toMatch(/closed/);
    expect(await runCli(['check', '--tool', 'missing.json', 'ok.json'], memoryIo({ cwd: dir }))).toBe(2);
    expect(await runCli(['nonsense'], memoryIo())).toBe(2);
    expect(await runCli(['--help'], memoryIo())).toBe(0);
  });
});

// A rejected response's outcome carries only a reference id; an operator with the right role reads the bytes back.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { memoryAuditSink } from '../../src/audit/sinks.js';
import { runCli } from '../../src/cli/main.js';
import { createKeyFileProvider, writeKeyFile } from '../../src/evidence/keys-file.js';
import { buildKeyRing } from '../../src/evidence/keys.js';
import { createSqliteStore } from '../../src/evidence/stores/sqlite.js';
import { createVault } from '../../src/evidence/vault.js';
import { createGate } from '../../src/gate/create-gate.js';
import { defineTool } from '../../src/contract/define-tool.js';
import { memoryIo } from '../support/cli-io.js';
import { useTempDir } from '../support/temp-dir.js';
import { REQUEST_ID, reviewStatusContract } from '../support/contracts.js';

const dir = useTempDir('gate-evidence');
const storePath = join(dir, 'evidence.sqlite');
const keyFile = join(dir, 'keys.json');
writeKeyFile(keyFile, buildKeyRing('k1', [['k1', randomBytes(32)]]));
const store = createSqliteStore(storePath);
afterAll(() => store.close());

test('the raw bytes of a rejected response are readable by an operator of the tenant, by nobody else', async () => {
  const vault = createVault({ store, keys: createKeyFileProvider(keyFile) });
  const audit = memoryAuditSink();
  const gate = createGate({ vault, audit });
  const raw = `{"tool":"review_status","request_id":"${REQUEST_ID}","outcome":"success","data":{"change_id":"CR-9","decision":"approved","reviewed_by":"eve","admin_override":true}}`;
  const outcome = await gate.accept(defineTool(reviewStatusContract), raw, {
    requestId: REQUEST_ID,
    tenant: 'tenant-a',
  });

  expect(outcome).toMatchObject({ ok: false, error: { code: 'schema_mismatch' } });
  const ref = outcome.meta.evidence ?? '';
  expect(ref).toMatch(/^ev_[A-Za-z0-9_-]{32}$/);
  expect(audit.records[0]?.evidence).toBe(ref);
  expect(JSON.stringify([outcome, audit.records])).not.toContain('admin_override');

  const where = ['--store', storePath, '--key-file', keyFile, '--audit-log', join(dir, 'audit.jsonl')];
  const operator = memoryIo({ cwd: dir });
  expect(
    await runCli(
      ['evidence', 'get', ref, '--role', 'security-operator', '--tenant', 'tenant-a', ...where],
      operator,
    ),
  ).toBe(0);
  expect(operator.out()).toBe(raw);

  for (const [role, tenant] of [
    ['agent', 'tenant-a'],
    ['security-operator', 'tenant-b'],
  ] as const) {
    const other = memoryIo({ cwd: dir });
    expect(await runCli(['evidence', 'get', ref, '--role', role, '--tenant', tenant, ...where], other)).toBe(
      1,
    );
    expect(other.outBytes().length).toBe(0);
    expect(other.err()).toMatch(/refused/);
  }
});

// The README's statements about audit and evidence defaults, each checked so it fails when it becomes false.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { memoryAuditSink } from '../../src/audit/sinks.js';
import { defineTool } from '../../src/contract/define-tool.js';
import { createEnvKeyProvider, formatKeyList } from '../../src/evidence/keys-env.js';
import { createSqliteStore } from '../../src/evidence/stores/sqlite.js';
import { createVault } from '../../src/evidence/vault.js';
import { createGate } from '../../src/gate/create-gate.js';
import type { EvidenceWriter } from '../../src/vocabulary/evidence-writer.js';
import { DEFAULT_IO_TIMEOUT_MS } from '../../src/vocabulary/settle-within.js';
import { OPERATOR, randomKeyRing } from '../evidence/fixtures.js';
import { deploymentContract, REQUEST_ID } from '../support/contracts.js';

const README = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
const folder = mkdtempSync(join(tmpdir(), 'airlock-defaults-'));
const KEYS = formatKeyList(randomKeyRing(['k1']));
const deployment = defineTool(deploymentContract);
const context = { requestId: REQUEST_ID, tenant: 'tenant-a' };
const healthy = JSON.stringify({ environment: 'staging', revision: 'a83f19c', state: 'healthy' });

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

describe('README: audit and evidence defaults', () => {
  test('"createGate() with no vault keeps no evidence"', async () => {
    expect(README).toContain('`createGate()` with no vault keeps **no\nevidence**');
    const audit = memoryAuditSink();
    const outcome = await createGate({ audit }).accept(deployment, healthy, context);
    expect(outcome.ok).toBe(true);
    expect(outcome.meta.evidence).toBeUndefined();
    expect(audit.records[0]?.evidence).toBeUndefined();
  });

  test('"One line adds the embedded SQLite vault", whose evidence an operator reads back', async () => {
    expect(README).toContain(
      "createVault({ store: createSqliteStore('.data/evidence.sqlite'), keys: createEnvKeyProvider() })",
    );
    const store = createSqliteStore(join(folder, 'one-line.sqlite'));
    const keys = createEnvKeyProvider({ env: { AIRLOCK_VAULT_KEYS: KEYS } });
    const gate = createGate({
      audit: memoryAuditSink(),
      vault: createVault({ store, keys, audit: () => undefined }),
    });
    const outcome = await gate.accept(deployment, healthy, context);
    const reader = createVault({ store, keys, audit: () => undefined });
    const read = await reader.get(outcome.meta.evidence ?? '', OPERATOR);
    expect(read.ok && Buffer.from(read.record.raw).toString('utf8')).toBe(healthy);
    await store.close();
  });

  test('"one JSON line on standard error": the gate\'s record and every vault event, with no hook given', () => {
    expect(README).toContain('by default as one JSON line on standard error');
    expect(README).toContain('written as one JSON line on standard error unless `audit` names another hook');
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'defaults-child.ts'), join(folder, 'child.sqlite')],
      { env: { ...process.env, AIRLOCK_VAULT_KEYS: KEYS }, encoding: 'utf8', timeout: 60_000 },
    );
    expect(child.status).toBe(0);
    const printed = JSON.parse(child.stdout) as { ok: boolean; ref: string; read: boolean; refused: boolean };
    expect(printed).toMatchObject({ ok: true, read: true, refused: false });
    const lines = child.stderr
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => line.type)).toEqual([
      'evidence.stored',
      'tool.result',
      'evidence.read',
      'evidence.read_refused',
    ]);
    expect(lines.every((line) => line.type === 'tool.result' || line.ref === printed.ref)).toBe(true);
  });

  test('"Evidence is required by default": a vault that cannot store fails the call closed', async () => {
    expect(README).toContain('**Evidence is required by default.**');
    const failing: EvidenceWriter = { put: () => Promise.reject(new Error('disk full')) };
    const outcome = await createGate({ audit: memoryAuditSink(), vault: failing }).accept(
      deployment,
      healthy,
      context,
    );
    expect(outcome).toMatchObject({ ok: false, error: { code: 'internal_error', retryable: true } });
    expect(outcome.meta.evidence).toBeUndefined();
  });

  test('"at most `ioTimeoutMs` (2 s by default)": a silent vault ends the call at the default deadline', async () => {
    expect(README).toContain(`\`ioTimeoutMs\` (${DEFAULT_IO_TIMEOUT_MS / 1000} s by default)`);
    const silent: EvidenceWriter = { put: () => new Promise(() => undefined) };
    const started = performance.now();
    const outcome = await createGate({ audit: memoryAuditSink(), vault: silent }).accept(
      deployment,
      healthy,
      context,
    );
    const ms = performance.now() - started;
    expect(outcome).toMatchObject({ ok: false, error: { code: 'internal_error', retryable: true } });
    expect(ms).toBeGreaterThanOrEqual(DEFAULT_IO_TIMEOUT_MS - 50);
    expect(ms).toBeLessThan(DEFAULT_IO_TIMEOUT_MS + 1_000);
  });
});

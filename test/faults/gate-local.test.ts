// Fault suite, in process: silent audit sinks and key providers, odd evidence writers, a deleted SQLite file, aborts.
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { afterAll, describe, expect, test } from 'vitest';
import type { AuditSink } from '../../src/audit/record.js';
import { jsonLinesAuditSink, memoryAuditSink } from '../../src/audit/sinks.js';
import { defineTool } from '../../src/contract/define-tool.js';
import type { KeyProvider } from '../../src/evidence/keys.js';
import { createMemoryStore } from '../../src/evidence/stores/memory.js';
import { createSqliteStore } from '../../src/evidence/stores/sqlite.js';
import { createVault } from '../../src/evidence/vault.js';
import { createGate, type GateOptions } from '../../src/gate/create-gate.js';
import type { EvidenceWriter } from '../../src/vocabulary/evidence-writer.js';
import { randomKeys } from '../evidence/fixtures.js';
import { deploymentContract, REQUEST_ID } from '../support/contracts.js';
import { abortLatency, printSlowest, timed } from './timing.js';

const IO_MS = 400;
const GRACE_MS = 1_000;
const deployment = defineTool(deploymentContract);
const context = { requestId: REQUEST_ID, tenant: 'tenant-a' };
const healthy = JSON.stringify({ environment: 'staging', revision: 'a83f19c', state: 'healthy' });
const never = (): Promise<never> => new Promise<never>(() => undefined);
const folder = mkdtempSync(join(tmpdir(), 'airlock-fault-'));

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
  printSlowest('gate, local faults');
});

/** One call under `fault`; checks it ended on time, with `code` in the record and no evidence when it failed. */
async function expectClosed(fault: string, options: GateOptions, code: string) {
  const audit = memoryAuditSink();
  const gate = createGate({ audit, ioTimeoutMs: IO_MS, ...options });
  const { value: outcome, ms } = await timed(fault, () => gate.accept(deployment, healthy, context));
  expect(ms).toBeLessThan(IO_MS + GRACE_MS);
  expect(outcome).toMatchObject({ ok: false, error: { code: 'internal_error', retryable: true } });
  expect(outcome.meta.evidence).toBeUndefined();
  if (options.audit === undefined) expect(audit.records[0]?.issue?.code).toBe(code);
  return outcome;
}

const writer = (put: () => unknown): EvidenceWriter => ({ put: put as EvidenceWriter['put'] });

describe('audit sinks that never answer, or fail', () => {
  const sinks: ReadonlyArray<readonly [string, () => AuditSink, string]> = [
    ['a sink whose write never settles', () => ({ write: never }), 'internal.audit_timeout'],
    [
      'a JSON-lines sink on a stream whose write callback never comes',
      () => jsonLinesAuditSink(new Writable({ highWaterMark: 1, write: () => undefined })),
      'internal.audit_timeout',
    ],
    ...(['destroyed', 'ended'] as const).map(
      (how) =>
        [
          `a JSON-lines sink on ${how === 'ended' ? 'an' : 'a'} ${how} stream`,
          () => {
            const stream = new PassThrough();
            if (how === 'destroyed') stream.destroy();
            else stream.end();
            return jsonLinesAuditSink(stream);
          },
          'internal.audit_unavailable',
        ] as const,
    ),
    [
      'a JSON-lines sink on a stream that errors',
      () =>
        jsonLinesAuditSink(
          new Writable({
            write: (_c, _e, done) => {
              done(new Error('disk full'));
            },
          }),
        ),
      'internal.audit_unavailable',
    ],
    [
      'a sink that throws',
      () => ({
        write: () => {
          throw new Error('x');
        },
      }),
      'internal.audit_unavailable',
    ],
  ];
  for (const [fault, sink, code] of sinks) {
    test(`${fault}: ${code}`, async () => {
      const audit = sink();
      for (let i = 0; i < 2; i++) await expectClosed(fault, { audit }, code);
    });
  }
});

describe('evidence writers and key providers that never answer, or answer oddly', () => {
  const keysThat = (current: () => Promise<string>, byId?: KeyProvider['keyById']): KeyProvider => ({
    currentKeyId: current,
    keyById: byId ?? (() => Promise.resolve(undefined)),
  });
  const silentKeys = keysThat(never);
  const vaultWith = (keys: KeyProvider): EvidenceWriter =>
    createVault({ store: createMemoryStore(), keys, audit: () => undefined });
  const cases: ReadonlyArray<readonly [string, () => EvidenceWriter, string]> = [
    [
      'a key provider whose current key id never comes',
      () => vaultWith(silentKeys),
      'internal.evidence_timeout',
    ],
    [
      'a key provider whose key lookup never comes',
      () => vaultWith(keysThat(() => Promise.resolve('k1'), never)),
      'internal.evidence_timeout',
    ],
    [
      'a store whose insert never settles',
      () =>
        createVault({
          store: { ...createMemoryStore(), insert: never },
          keys: randomKeys(),
          audit: () => undefined,
        }),
      'internal.evidence_timeout',
    ],
    ['a writer that never settles', () => writer(never), 'internal.evidence_timeout'],
    [
      'a writer that settles after the deadline',
      () => writer(() => new Promise((done) => setTimeout(done, IO_MS + 300, 'ev_late'))),
      'internal.evidence_timeout',
    ],
    ['a writer returning undefined', () => writer(() => undefined), 'internal.evidence_unavailable'],
    ['a writer returning a number', () => writer(() => 42), 'internal.evidence_unavailable'],
    [
      'a writer returning a plain object',
      () => writer(() => ({ catch: 1 })),
      'internal.evidence_unavailable',
    ],
    [
      'a writer resolving undefined',
      () => writer(() => Promise.resolve(undefined)),
      'internal.evidence_unavailable',
    ],
    [
      'a writer resolving an empty id',
      () => writer(() => Promise.resolve('')),
      'internal.evidence_unavailable',
    ],
    [
      'a writer resolving an id with a line break',
      () => writer(() => Promise.resolve('ev_a\nb')),
      'internal.evidence_unavailable',
    ],
    [
      'a writer that throws',
      () =>
        writer(() => {
          throw new Error('x');
        }),
      'internal.evidence_unavailable',
    ],
    [
      'a writer whose thenable throws',
      () =>
        writer(() => ({
          then: () => {
            throw new Error('x');
          },
        })),
      'internal.evidence_unavailable',
    ],
  ];
  for (const [fault, make, code] of cases) {
    test(`${fault}: ${code}, never a throw`, async () => {
      await expectClosed(fault, { vault: make() }, code);
    });
  }

  test('best-effort evidence: a silent or odd writer leaves the call standing, without evidence', async () => {
    for (const vault of [writer(never), writer(() => Promise.resolve(undefined)), writer(() => 7)]) {
      const gate = createGate({
        audit: memoryAuditSink(),
        vault,
        evidence: 'best-effort',
        ioTimeoutMs: IO_MS,
      });
      const outcome = await gate.accept(deployment, healthy, context);
      expect(outcome.ok).toBe(true);
      expect(outcome.meta.evidence).toBeUndefined();
    }
  });
});

describe('a SQLite evidence file removed or replaced under an open store', () => {
  for (const [fault, change] of [
    [
      'deleted',
      (path: string) => {
        rmSync(path);
      },
    ],
    [
      'replaced',
      (path: string) => {
        writeFileSync(`${path}.other`, '');
        renameSync(`${path}.other`, path);
      },
    ],
  ] as const) {
    test(`a ${fault} file makes the next put fail closed`, async () => {
      const path = join(folder, `${fault}.sqlite`);
      const store = createSqliteStore(path);
      const vault = createVault({ store, keys: randomKeys(), audit: () => undefined });
      const gate = createGate({ audit: memoryAuditSink(), vault });
      expect((await gate.accept(deployment, healthy, context)).meta.evidence).toMatch(/^ev_/);
      change(path);
      await expectClosed(`SQLite file ${fault}`, { vault }, 'internal.evidence_unavailable');
      await store.close();
    });
  }
});

describe('the caller aborts while the gate waits', () => {
  test.each([
    ['for a silent store', { vault: writer(never) }],
    ['for a silent audit sink', { audit: { write: never } }],
    [
      'for a silent key provider',
      {
        vault: createVault({
          store: createMemoryStore(),
          keys: { currentKeyId: never, keyById: never },
          audit: () => undefined,
        }),
      },
    ],
  ] as const)('%s: the call ends within 100 ms of the abort', async (title, options: GateOptions) => {
    const gate = createGate({ audit: memoryAuditSink(), ioTimeoutMs: 60_000, ...options });
    const controller = new AbortController();
    const pending = gate.accept(deployment, healthy, context, { signal: controller.signal });
    const { value: outcome, ms } = await abortLatency(`abort ${title}`, pending, controller, 150);
    expect(ms).toBeLessThan(100);
    expect(outcome).toMatchObject({ ok: false, error: { code: 'timeout', retryable: true } });
    expect(outcome.meta.evidence).toBeUndefined();
  });

  test("an abort during the read ends as the read's own abort, naming no evidence", async () => {
    const audit = memoryAuditSink();
    const vault = writer(() => Promise.resolve('ev_stored'));
    const gate = createGate({ audit, vault });
    const controller = new AbortController();
    const body = new PassThrough();
    body.write('{"environment":');
    const pending = gate.accept(deployment, body, context, { signal: controller.signal });
    const { value: outcome, ms } = await abortLatency('abort during the read', pending, controller, 100);
    expect(ms).toBeLessThan(100);
    expect(outcome).toMatchObject({ ok: false, error: { code: 'timeout' } });
    expect(outcome.meta.evidence).toBeUndefined();
    expect(audit.records[0]?.issue?.code).toBe('read.aborted');
    body.destroy();
  });

  test('an aborted call still hands its record to the audit sink, naming the abort', async () => {
    const audit = memoryAuditSink();
    const gate = createGate({ audit, vault: writer(never), ioTimeoutMs: 60_000 });
    const controller = new AbortController();
    const pending = gate.accept(deployment, healthy, context, { signal: controller.signal });
    await abortLatency('abort, record handed on', pending, controller, 100);
    expect(audit.records[0]?.issue?.code).toBe('internal.aborted');
  });
});

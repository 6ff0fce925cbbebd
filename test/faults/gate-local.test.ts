// Fault suite, in process: silent audit sinks and key providers, odd evidence writers, a deleted SQLite file.
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { afterAll, describe, expect, test } from 'vitest';
import type { AuditSink } from '../../src/audit/record.js';
import { jsonLinesAuditSink, memoryAuditSink } from '../../src/audit/sinks.js';
import type { KeyProvider } from '../../src/evidence/keys.js';
import { createMemoryStore } from '../../src/evidence/stores/memory.js';
import { createSqliteStore } from '../../src/evidence/stores/sqlite.js';
import { createVault } from '../../src/evidence/vault.js';
import { createGate, type GateOptions } from '../../src/gate/create-gate.js';
import type { EvidenceWriter } from '../../src/vocabulary/evidence-writer.js';
import { randomKeys } from '../evidence/fixtures.js';
import { context, deployment, GRACE_MS, healthy, IO_MS, never, refLike, writer } from './fixtures.js';
import { printSlowest, timed } from './timing.js';

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
  if (options.audit === undefined) {
    expect(audit.records[0]?.issue?.code).toBe(code);
    expect(audit.records[0]?.evidence).toBeUndefined();
  }
  return outcome;
}

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
      () => writer(() => new Promise((done) => setTimeout(done, IO_MS + 300, refLike('L')))),
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
      'a writer returning a plain string instead of a promise',
      () => writer(() => refLike('X')),
      'internal.evidence_unavailable',
    ],
    [
      "a writer resolving an id that is not of the vault's shape",
      () => writer(() => Promise.resolve('ev_x')),
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

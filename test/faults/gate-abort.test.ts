// Fault suite, timing: the evidence deadline starts after the stages, and an abort ends a waiting call at once.
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, test } from 'vitest';
import { memoryAuditSink } from '../../src/audit/sinks.js';
import { defineTool } from '../../src/contract/define-tool.js';
import { createMemoryStore } from '../../src/evidence/stores/memory.js';
import { createVault } from '../../src/evidence/vault.js';
import { createGate, type GateOptions } from '../../src/gate/create-gate.js';
import { deploymentContract } from '../support/contracts.js';
import { context, deployment, healthy, IO_MS, never, refLike, writer } from './fixtures.js';
import { abortLatency, printSlowest } from './timing.js';

afterAll(() => {
  printSlowest('gate, aborts');
});

test("the evidence deadline counts from the end of the stages: a slow stage does not eat the store's time", async () => {
  const busy = (): boolean => {
    const until = performance.now() + IO_MS + 200;
    while (performance.now() < until);
    return true;
  };
  const slow = defineTool({ ...deploymentContract, bind: [{ rule: 'custom', name: 'busy', check: busy }] });
  const vault = writer(() => new Promise((done) => setTimeout(done, IO_MS, refLike('P'))));
  const gate = createGate({ audit: memoryAuditSink(), vault, ioTimeoutMs: IO_MS });
  const outcome = await gate.accept(slow, healthy, context);
  expect(outcome).toMatchObject({ ok: true, meta: { evidence: refLike('P') } });
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
    const vault = writer(() => Promise.resolve(refLike('S')));
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

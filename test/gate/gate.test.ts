// The gate's stage order, transport failures, evidence and audit behaviour, and its never-throw promise.
import { Readable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { memoryAuditSink } from '../../src/audit/sinks.js';
import { createGate } from '../../src/gate/create-gate.js';
import { defineTool } from '../../src/contract/define-tool.js';
import type { EvidenceMeta } from '../../src/vocabulary/evidence-writer.js';
import { deploymentContract, REQUEST_ID } from '../support/contracts.js';
import { refLike } from '../faults/fixtures.js';

const context = { requestId: REQUEST_ID, tenant: 'tenant-a' };
const deployment = defineTool(deploymentContract);
const healthy = JSON.stringify({ environment: 'staging', revision: 'a83f19c', state: 'healthy' });

function setup(options: Parameters<typeof createGate>[0] = {}) {
  const audit = memoryAuditSink();
  return { audit, gate: createGate({ audit, ...options }) };
}

describe('transport facts come first', () => {
  test('a 5xx status with a valid success body is a retryable upstream failure, never parsed', async () => {
    const { gate, audit } = setup();
    const outcome = await gate.accept(
      deployment,
      { body: healthy, status: 503, contentType: 'application/json' },
      context,
    );
    expect(outcome).toMatchObject({ ok: false, error: { code: 'upstream_error', retryable: true } });
    expect(audit.records[0]).toMatchObject({
      issue: { stage: 'read', code: 'read.status', status: 503 },
      status: 503,
    });
    expect(audit.records[0]?.timings.parse).toBeUndefined();
  });

  test('a tool error flag with a valid success body is an upstream failure', async () => {
    const { gate } = setup();
    const outcome = await gate.accept(deployment, { body: healthy, toolError: true }, context);
    expect(outcome).toMatchObject({ ok: false, error: { code: 'upstream_error', retryable: false } });
  });

  test('an HTML error page instead of JSON is refused by its content type', async () => {
    const { gate } = setup();
    const page = '<html><body><h1>502 Bad Gateway</h1><script>alert(1)</script></body></html>';
    const outcome = await gate.accept(
      deployment,
      { body: page, contentType: 'text/html; charset=utf-8' },
      context,
    );
    expect(outcome).toMatchObject({ ok: false, error: { code: 'invalid_encoding' } });
  });

  test('an HTML page without a content type fails as invalid JSON', async () => {
    const { gate } = setup();
    const outcome = await gate.accept(deployment, '<html><body>Approved</body></html>', context);
    expect(outcome).toMatchObject({ ok: false, error: { code: 'invalid_json' } });
  });

  test('illegal UTF-8 and a BOM are encoding failures', async () => {
    const { gate } = setup();
    const illegal = new Uint8Array([0x7b, 0x22, 0xc0, 0xaf, 0x22, 0x3a, 0x31, 0x7d]);
    expect(await gate.accept(deployment, illegal, context)).toMatchObject({
      error: { code: 'invalid_encoding' },
    });
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(healthy)]);
    expect(await gate.accept(deployment, bom, context)).toMatchObject({
      error: { code: 'invalid_encoding' },
    });
  });

  test('a body over the receive ceiling is result_too_large; a stalled stream is a retryable timeout', async () => {
    const small = defineTool({ ...deploymentContract, limits: { read: { maxRawBytes: 16, timeoutMs: 50 } } });
    const { gate } = setup();
    expect(await gate.accept(small, healthy, context)).toMatchObject({
      error: { code: 'result_too_large', retryable: false },
    });
    const stalled = new Readable({ read() {} });
    expect(await gate.accept(small, stalled, context)).toMatchObject({
      error: { code: 'timeout', retryable: true },
    });
  });
});

describe('evidence and audit', () => {
  test('every response, accepted or rejected, is stored; only the reference travels on', async () => {
    const stored: Array<{ raw: Uint8Array; meta: EvidenceMeta }> = [];
    const vault = {
      put(raw: Uint8Array, meta: EvidenceMeta) {
        stored.push({ raw, meta });
        return Promise.resolve(refLike(String(stored.length)));
      },
    };
    const { gate, audit } = setup({ vault });
    const accepted = await gate.accept(deployment, healthy, context);
    const rejected = await gate.accept(deployment, '{"environment":"staging","secret":"hunter2"}', context);
    expect(accepted.meta.evidence).toBe(refLike('1'));
    expect(rejected.meta.evidence).toBe(refLike('2'));
    expect(new TextDecoder().decode(stored[1]?.raw)).toContain('hunter2');
    expect(stored[0]?.meta).toEqual({
      tool: 'deployment_status',
      schemaVersion: 'deployment.v1',
      tenant: 'tenant-a',
      requestId: REQUEST_ID,
    });
    expect(audit.records.map((r) => r.evidence)).toEqual([refLike('1'), refLike('2')]);
    expect(JSON.stringify([rejected, audit.records])).not.toContain('hunter2');
  });

  test('the audit record carries sizes and a digest, never the payload', async () => {
    const { gate, audit } = setup();
    const raw = '{"environment":"staging","revision":"a83f19c","state":"CANARY-7731"}';
    await gate.accept(deployment, raw, context);
    const record = audit.records[0];
    expect(record).toMatchObject({
      tool: 'deployment_status',
      outcome: 'rejected',
      code: 'schema_mismatch',
      rawBytes: raw.length,
    });
    expect(record?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(record)).not.toContain('CANARY');
  });

  test('a vault that cannot store fails the call closed, unless evidence is best-effort', async () => {
    const vault = { put: () => Promise.reject(new Error('store down')) };
    expect(await setup({ vault }).gate.accept(deployment, healthy, context)).toMatchObject({
      ok: false,
      error: { code: 'internal_error', retryable: true },
    });
    expect(
      await setup({ vault, evidence: 'best-effort' }).gate.accept(deployment, healthy, context),
    ).toMatchObject({ ok: true });
  });

  test('an audit sink that fails makes the call fail closed', async () => {
    const gate = createGate({ audit: { write: () => Promise.reject(new Error('disk full')) } });
    expect(await gate.accept(deployment, healthy, context)).toMatchObject({
      ok: false,
      error: { code: 'internal_error' },
    });
  });
});

describe('the gate never throws', () => {
  test('a custom rule that throws ends as internal_error', async () => {
    const tool = defineTool({
      ...deploymentContract,
      bind: [
        {
          rule: 'custom',
          name: 'explodes',
          check: () => {
            throw new Error('boom');
          },
        },
      ],
    });
    const { gate, audit } = setup();
    expect(await gate.accept(tool, healthy, context)).toMatchObject({
      ok: false,
      error: { code: 'internal_error' },
    });
    expect(audit.records[0]?.issue).toEqual({ stage: 'bind', code: 'internal.exception' });
  });

  test('unsupported input kinds end as one typed failure', async () => {
    const { gate } = setup();
    for (const input of [42, null, undefined, { nobody: true }, [1, 2], Symbol('x')]) {
      const outcome = await gate.accept(deployment, input as never, context);
      expect(outcome).toMatchObject({ ok: false, error: { code: 'invalid_encoding' } });
    }
  });
});

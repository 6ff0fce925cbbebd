// Gate metrics reach whichever OpenTelemetry meter provider the application registers, before or after the first call.
import { metrics } from '@opentelemetry/api';
import type { MetricReader } from '@opentelemetry/sdk-metrics';
import { afterEach, expect, test } from 'vitest';
import { memoryAuditSink } from '../../src/audit/sinks.js';
import { defineTool } from '../../src/contract/define-tool.js';
import { createGate } from '../../src/gate/create-gate.js';
import { deploymentContract, REQUEST_ID } from '../support/contracts.js';
import { metricTotal, registerMetricReader } from '../support/metric-reader.js';

const deployment = defineTool(deploymentContract);
const context = { requestId: REQUEST_ID, tenant: 'tenant-a' };
const healthy = JSON.stringify({ environment: 'staging', revision: 'a83f19c', state: 'healthy' });
const gate = createGate({ audit: memoryAuditSink() });

/** The outcome counter's total for this code, as the provider saw them. */
function outcomes(reader: MetricReader, code: string): Promise<number> {
  return metricTotal(reader, 'airlock.gate.outcomes', 'code', code);
}

afterEach(() => {
  metrics.disable();
});

test('a provider registered after the first gate call still receives every later call', async () => {
  expect((await gate.accept(deployment, healthy, context)).ok).toBe(true);
  const reader = registerMetricReader();
  await gate.accept(deployment, healthy, context);
  await gate.accept(deployment, '{"environment":', context);
  expect(await outcomes(reader, 'ok')).toBe(1);
  expect(await outcomes(reader, 'parse.unexpected_end')).toBe(1);
});

test('a provider registered before the first gate call receives it', async () => {
  const fresh = createGate({ audit: memoryAuditSink() });
  const reader = registerMetricReader();
  await fresh.accept(deployment, healthy, context);
  expect(await outcomes(reader, 'ok')).toBe(1);
});

test('a replaced provider receives the calls made after the replacement, the old one no more', async () => {
  const first = registerMetricReader();
  await gate.accept(deployment, healthy, context);
  metrics.disable();
  const second = registerMetricReader();
  await gate.accept(deployment, healthy, context);
  await gate.accept(deployment, healthy, context);
  expect(await outcomes(first, 'ok')).toBe(1);
  expect(await outcomes(second, 'ok')).toBe(2);
});

test('a call that fails closed on its audit write is still counted, under its internal code', async () => {
  const reader = registerMetricReader();
  const broken = createGate({
    audit: {
      write: () => Promise.reject(new Error('disk full')),
    },
  });
  expect(await broken.accept(deployment, healthy, context)).toMatchObject({
    ok: false,
    error: { code: 'internal_error', retryable: true },
  });
  expect(await outcomes(reader, 'internal.audit_unavailable')).toBe(1);
});

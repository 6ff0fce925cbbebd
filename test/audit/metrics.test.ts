// Gate metrics reach whichever OpenTelemetry meter provider the application registers, before or after the first call.
import { metrics } from '@opentelemetry/api';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import { afterEach, expect, test } from 'vitest';
import { memoryAuditSink } from '../../src/audit/sinks.js';
import { defineTool } from '../../src/contract/define-tool.js';
import { createGate } from '../../src/gate/create-gate.js';
import { deploymentContract, REQUEST_ID } from '../support/contracts.js';

/** A reader that keeps nothing itself: each `collect` reads the provider's current values. */
class InMemoryReader extends MetricReader {
  protected onForceFlush(): Promise<void> {
    return Promise.resolve();
  }
  protected onShutdown(): Promise<void> {
    return Promise.resolve();
  }
}

const deployment = defineTool(deploymentContract);
const context = { requestId: REQUEST_ID, tenant: 'tenant-a' };
const healthy = JSON.stringify({ environment: 'staging', revision: 'a83f19c', state: 'healthy' });
const gate = createGate({ audit: memoryAuditSink() });

/** Registers a fresh global provider and returns its reader. */
function registerProvider(): MetricReader {
  const reader = new InMemoryReader();
  expect(metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }))).toBe(true);
  return reader;
}

/** The sum of the outcome counter's data points for this code, as the provider saw them. */
async function outcomes(reader: MetricReader, code: string): Promise<number> {
  const { resourceMetrics } = await reader.collect();
  let total = 0;
  for (const scope of resourceMetrics.scopeMetrics)
    for (const metric of scope.metrics) {
      if (metric.descriptor.name !== 'airlock.gate.outcomes') continue;
      for (const point of metric.dataPoints)
        if (point.attributes.code === code && typeof point.value === 'number') total += point.value;
    }
  return total;
}

afterEach(() => {
  metrics.disable();
});

test('a provider registered after the first gate call still receives every later call', async () => {
  expect((await gate.accept(deployment, healthy, context)).ok).toBe(true);
  const reader = registerProvider();
  await gate.accept(deployment, healthy, context);
  await gate.accept(deployment, '{"environment":', context);
  expect(await outcomes(reader, 'ok')).toBe(1);
  expect(await outcomes(reader, 'parse.unexpected_end')).toBe(1);
});

test('a provider registered before the first gate call receives it', async () => {
  const fresh = createGate({ audit: memoryAuditSink() });
  const reader = registerProvider();
  await fresh.accept(deployment, healthy, context);
  expect(await outcomes(reader, 'ok')).toBe(1);
});

test('a replaced provider receives the calls made after the replacement, the old one no more', async () => {
  const first = registerProvider();
  await gate.accept(deployment, healthy, context);
  metrics.disable();
  const second = registerProvider();
  await gate.accept(deployment, healthy, context);
  await gate.accept(deployment, healthy, context);
  expect(await outcomes(first, 'ok')).toBe(1);
  expect(await outcomes(second, 'ok')).toBe(2);
});

test('a call that fails closed on its audit write is still counted, under its internal code', async () => {
  const reader = registerProvider();
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

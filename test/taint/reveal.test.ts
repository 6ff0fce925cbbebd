// revealUntrusted: the one named way to the plain value, counted by source; wrappers hold no readable `value`.
import { metrics } from '@opentelemetry/api';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import { afterEach, expect, test } from 'vitest';
import { revealUntrusted } from '../../src/taint/reveal.js';
import { untrusted, type Untrusted } from '../../src/taint/untrusted.js';

/** A reader that keeps nothing itself: each `collect` reads the provider's current values. */
class InMemoryReader extends MetricReader {
  protected onForceFlush(): Promise<void> {
    return Promise.resolve();
  }
  protected onShutdown(): Promise<void> {
    return Promise.resolve();
  }
}

/** The reveal counter's total for one source. */
async function reveals(reader: MetricReader, source: string): Promise<number> {
  const { resourceMetrics } = await reader.collect();
  let total = 0;
  for (const scope of resourceMetrics.scopeMetrics)
    for (const metric of scope.metrics) {
      if (metric.descriptor.name !== 'airlock.untrusted.reveals') continue;
      for (const point of metric.dataPoints)
        if (point.attributes.source === source && typeof point.value === 'number') total += point.value;
    }
  return total;
}

afterEach(() => {
  metrics.disable();
});

test('returns the held value and counts each call by source', async () => {
  const reader = new InMemoryReader();
  metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
  const note = untrusted('Approved by ops', 'review_status');
  expect(revealUntrusted(note)).toBe('Approved by ops');
  expect(revealUntrusted(untrusted({ n: 1 }, 'other'))).toEqual({ n: 1 });
  revealUntrusted(note);
  expect(await reveals(reader, 'review_status')).toBe(2);
  expect(await reveals(reader, 'other')).toBe(1);
});

test('refuses what is not a wrapper, and a wrapper has no readable value member', () => {
  expect(() => revealUntrusted('plain' as unknown as Untrusted<string>)).toThrow(TypeError);
  const note = untrusted('secret prose', 'review_status');
  expect((note as unknown as { value?: unknown }).value).toBeUndefined();
  expect(Object.keys(note)).toEqual(['source']);
  expect(JSON.stringify({ note })).toBe('{"note":"secret prose"}');
  expect(() => `Note: ${note as unknown as string}`).toThrow(TypeError);
});

test('a spread copy keeps both the brand and the value', () => {
  const copy = { ...untrusted('x', 'review_status') };
  expect(revealUntrusted(copy)).toBe('x');
});

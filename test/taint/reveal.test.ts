// revealUntrusted: the one named way to the plain value, counted by source; wrappers hold no readable `value`.
import { metrics } from '@opentelemetry/api';
import type { MetricReader } from '@opentelemetry/sdk-metrics';
import { afterEach, expect, test } from 'vitest';
import { revealUntrusted } from '../../src/taint/reveal.js';
import { untrusted, type Untrusted } from '../../src/taint/untrusted.js';
import { metricTotal, registerMetricReader } from '../support/metric-reader.js';

/** The reveal counter's total for one source. */
function reveals(reader: MetricReader, source: string): Promise<number> {
  return metricTotal(reader, 'airlock.untrusted.reveals', 'source', source);
}

afterEach(() => {
  metrics.disable();
});

test('returns the held value and counts each call by source', async () => {
  const reader = registerMetricReader();
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

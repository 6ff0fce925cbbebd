// An in-memory OpenTelemetry reader for tests: register a global provider, then sum a metric's data points.
import { metrics } from '@opentelemetry/api';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';

/** A reader that keeps nothing itself: each `collect` reads the provider's current values. */
class InMemoryReader extends MetricReader {
  protected onForceFlush(): Promise<void> {
    return Promise.resolve();
  }
  protected onShutdown(): Promise<void> {
    return Promise.resolve();
  }
}

/** Registers a fresh global meter provider and returns its reader; throws if one is registered already. */
export function registerMetricReader(): MetricReader {
  const reader = new InMemoryReader();
  if (!metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] })))
    throw new Error('a global meter provider is registered already');
  return reader;
}

/** The sum of the named metric's data points whose `attribute` equals `value`, as the provider saw them. */
export async function metricTotal(
  reader: MetricReader,
  name: string,
  attribute: string,
  value: string,
): Promise<number> {
  const { resourceMetrics } = await reader.collect();
  let total = 0;
  for (const scope of resourceMetrics.scopeMetrics)
    for (const metric of scope.metrics) {
      if (metric.descriptor.name !== name) continue;
      for (const point of metric.dataPoints)
        if (point.attributes[attribute] === value && typeof point.value === 'number') total += point.value;
    }
  return total;
}

// The application's OpenTelemetry meter provider, read without loading the API until one is registered.
import { createRequire } from 'node:module';
import type { MeterProvider, MetricsAPI } from '@opentelemetry/api';

/**
 * Where the OpenTelemetry API (every copy of major version 1) keeps its registered globals: until an
 * application registers a meter provider there, every meter is the no-op one and the API need not load.
 */
const OTEL_GLOBALS = Symbol.for('opentelemetry.js.api.1');

let metricsApi: MetricsAPI | undefined;

/** True once some copy of the OpenTelemetry API holds a global meter provider (the API loads only then). */
function meterProviderRegistered(): boolean {
  const globals = (globalThis as Record<symbol, unknown>)[OTEL_GLOBALS];
  return typeof globals === 'object' && globals !== null && 'metrics' in globals;
}

/**
 * The global meter provider registered now, or `undefined` while none is (nothing would be recorded). The API
 * (1.x) has no proxy meter provider: a meter taken before registration is the no-op one and stays so, so callers
 * look the provider up on every use and make their instruments again when it is a different one.
 */
export function registeredMeterProvider(): MeterProvider | undefined {
  if (!meterProviderRegistered()) return undefined;
  metricsApi ??= (createRequire(import.meta.url)('@opentelemetry/api') as typeof import('@opentelemetry/api'))
    .metrics;
  return metricsApi.getMeterProvider();
}

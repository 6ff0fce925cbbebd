// Gate metrics through the OpenTelemetry API: outcomes by code, findings by code, received bytes.
import { createRequire } from 'node:module';
import type { Counter, Histogram, MeterProvider, MetricsAPI } from '@opentelemetry/api';
import type { AuditRecord } from './record.js';

/**
 * Where the OpenTelemetry API (every copy of major version 1) keeps its registered globals: until an
 * application registers a meter provider there, every meter is the no-op one and the API need not load.
 */
const OTEL_GLOBALS = Symbol.for('opentelemetry.js.api.1');

let metricsApi: MetricsAPI | undefined;

interface Instruments {
  /** The provider the instruments were made from. */
  readonly provider: MeterProvider;
  readonly outcomes: Counter;
  readonly findings: Counter;
  readonly rawBytes: Histogram;
}

let instruments: Instruments | undefined;

/**
 * The instruments of the global meter provider registered now. The API (1.x) has no proxy meter provider:
 * a meter taken before registration is the no-op one and stays so. So the provider is looked up on every
 * call (a read of one global) and the instruments are made again only when it is a different one — which
 * happens when an application registers its provider after the first gate call, or replaces it.
 */
function currentInstruments(): Instruments {
  metricsApi ??= (createRequire(import.meta.url)('@opentelemetry/api') as typeof import('@opentelemetry/api'))
    .metrics;
  const provider = metricsApi.getMeterProvider();
  if (instruments?.provider === provider) return instruments;
  const meter = provider.getMeter('airlock');
  instruments = {
    provider,
    outcomes: meter.createCounter('airlock.gate.outcomes', {
      description: 'Tool results by outcome and code',
    }),
    findings: meter.createCounter('airlock.gate.findings', {
      description: 'Sanitizer hits by code and action',
    }),
    rawBytes: meter.createHistogram('airlock.gate.raw_bytes', {
      description: 'Bytes received per tool result',
      unit: 'By',
    }),
  };
  return instruments;
}

/**
 * Records one call's metrics into whichever meter provider the application has registered, whether it did so
 * before or after the first call (a no-op while none is). Attributes are tool names and codes only, so
 * cardinality stays bounded.
 */
export function recordMetrics(record: AuditRecord): void {
  if (!meterProviderRegistered()) return;
  const { outcomes, findings, rawBytes } = currentInstruments();
  outcomes.add(1, { tool: record.tool, outcome: record.outcome, code: record.issue?.code ?? 'ok' });
  for (const finding of record.findings) {
    findings.add(finding.count, { tool: record.tool, code: finding.code, action: finding.action });
  }
  rawBytes.record(record.rawBytes, { tool: record.tool });
}

/** True once some copy of the OpenTelemetry API holds a global meter provider (the API loads only then). */
function meterProviderRegistered(): boolean {
  const globals = (globalThis as Record<symbol, unknown>)[OTEL_GLOBALS];
  return typeof globals === 'object' && globals !== null && 'metrics' in globals;
}

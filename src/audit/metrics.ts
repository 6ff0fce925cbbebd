// Gate metrics through the OpenTelemetry API: outcomes by code, findings by code, received bytes.
import type { Counter, Histogram, MeterProvider } from '@opentelemetry/api';
import { registeredMeterProvider } from './meter-provider.js';
import type { AuditRecord } from './record.js';

interface Instruments {
  /** The provider the instruments were made from. */
  readonly provider: MeterProvider;
  readonly outcomes: Counter;
  readonly findings: Counter;
  readonly rawBytes: Histogram;
}

let instruments: Instruments | undefined;

/**
 * The instruments of `provider`, made again only when it is a different one from last time — which happens when
 * an application registers its provider after the first gate call, or replaces it.
 */
function instrumentsOf(provider: MeterProvider): Instruments {
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
  const provider = registeredMeterProvider();
  if (provider === undefined) return;
  const { outcomes, findings, rawBytes } = instrumentsOf(provider);
  outcomes.add(1, { tool: record.tool, outcome: record.outcome, code: record.issue?.code ?? 'ok' });
  for (const finding of record.findings) {
    findings.add(finding.count, { tool: record.tool, code: finding.code, action: finding.action });
  }
  rawBytes.record(record.rawBytes, { tool: record.tool });
}

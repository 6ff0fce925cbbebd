// Gate metrics through the OpenTelemetry API: outcomes by code, findings by code, received bytes.
import { metrics, type Counter, type Histogram } from '@opentelemetry/api';
import type { AuditRecord } from './record.js';

interface Instruments {
  readonly outcomes: Counter;
  readonly findings: Counter;
  readonly rawBytes: Histogram;
}

let instruments: Instruments | undefined;

function getInstruments(): Instruments {
  if (instruments === undefined) {
    const meter = metrics.getMeter('airlock');
    instruments = {
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
  }
  return instruments;
}

/**
 * Records one call's metrics. A no-op until the application registers an OpenTelemetry meter provider;
 * attributes are tool names and codes only, so cardinality stays bounded.
 */
export function recordMetrics(record: AuditRecord): void {
  const { outcomes, findings, rawBytes } = getInstruments();
  outcomes.add(1, { tool: record.tool, outcome: record.outcome, code: record.issue?.code ?? 'ok' });
  for (const finding of record.findings) {
    findings.add(finding.count, { tool: record.tool, code: finding.code, action: finding.action });
  }
  rawBytes.record(record.rawBytes, { tool: record.tool });
}

// The log sink in the shape every sink shares: the call's audit record, or the outcome's summary, as one line.
import type { AuditRecord } from '../../src/audit/record.js';
import type { Sink, SinkInput } from '../shared/sink.js';
import { plainData } from '../../src/taint/plain.js';
import { payloadDigest } from './digest.js';
import { toLogLine } from './line.js';
import type { LogLineOptions } from './options.js';

/** Options of the log sink: the line's bounds, and the call's audit record when the caller has it. */
export interface LogSinkOptions extends Partial<LogLineOptions> {
  /** The gate's audit record of the call: logged instead of the outcome's summary (the operator's view). */
  readonly audit?: AuditRecord;
}

/**
 * The log sink. With `audit`, the line is that record; otherwise it summarises the input: tool, versions,
 * request id, result or agent-facing code, evidence reference, finding codes, and the data as its size and
 * SHA-256 only — never the data itself.
 */
export const logSink: Sink<LogSinkOptions> = Object.freeze({
  render(input: SinkInput, options: LogSinkOptions) {
    const { audit, ...bounds } = options;
    const text = toLogLine(audit === undefined ? summary(input) : { ...audit }, bounds);
    return Promise.resolve({ text, findings: [] });
  },
});

function summary(input: SinkInput): Readonly<Record<string, unknown>> {
  if (!('ok' in input))
    return { type: 'value', purpose: input.purpose, value: payloadDigest(plainData(input.value)) };
  const { meta } = input;
  return {
    type: 'tool.outcome',
    tool: meta.tool,
    schemaVersion: meta.schemaVersion,
    requestId: meta.requestId,
    ...(input.ok
      ? { outcome: 'accepted', data: payloadDigest(plainData(input.data)) }
      : { outcome: 'rejected' }),
    ...(input.ok ? {} : { code: input.error.code, retryable: input.error.retryable }),
    ...(meta.evidence === undefined ? {} : { evidence: meta.evidence }),
    findings: meta.findings.map((finding) => finding.code),
  };
}

// Built-in audit sinks: JSON lines to a writable stream (the default), and an in-memory list.
import { jsonLinesWriter, type LineStream } from './json-lines.js';
import type { AuditRecord, AuditSink } from './record.js';

/**
 * Writes one JSON object per line, to standard error unless told otherwise. JSON escaping keeps every record
 * on one line whatever it holds, and records hold no tool output to begin with. A write resolves once the
 * stream has taken the line and rejects when the stream is closed or reports an error, so the gate fails the
 * call closed (`internal.audit_unavailable`) instead of losing the record.
 */
export function jsonLinesAuditSink(stream: LineStream = process.stderr): AuditSink {
  const write = jsonLinesWriter(stream);
  return { write };
}

/** Keeps records in memory, newest last (for tests and for callers that ship records themselves). */
export function memoryAuditSink(): AuditSink & { readonly records: readonly AuditRecord[] } {
  const records: AuditRecord[] = [];
  return {
    records,
    write(record) {
      records.push(record);
    },
  };
}

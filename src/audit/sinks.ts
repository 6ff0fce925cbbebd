// Built-in audit sinks: JSON lines to a writable stream (the default), and an in-memory list.
import type { Writable } from 'node:stream';
import type { AuditRecord, AuditSink } from './record.js';

/**
 * Writes one JSON object per line. JSON escaping keeps every record on one line whatever it holds, and
 * records hold no tool output to begin with.
 */
export function jsonLinesAuditSink(stream: Pick<Writable, 'write'> = process.stderr): AuditSink {
  return {
    write(record) {
      stream.write(JSON.stringify(record) + '\n');
    },
  };
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

// The audit sink of a command's `--audit`: each record as one JSON line on the command's standard error.
import type { AuditSink } from '../audit/record.js';
import type { CliIo } from './command.js';

/**
 * Writes each record as one JSON line (JSON escaping keeps it on one line) through `io.stderr` and completes at
 * once: the line is handed over, so the gate's audit deadline never fails the call.
 */
export function stderrAuditSink(io: CliIo): AuditSink {
  return {
    write(record) {
      io.stderr(`${JSON.stringify(record)}\n`);
    },
  };
}

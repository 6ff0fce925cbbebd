// The vault's default audit hook: each evidence audit event as one JSON line on a stream (standard error).
import { jsonLinesWriter, type LineStream } from '../audit/json-lines.js';
import type { EvidenceAuditHook } from './audit.js';

/**
 * Writes every event as one JSON line to `stream` (standard error unless told otherwise), the same place the
 * gate's audit records go by default. The hook resolves once the stream has taken the line and rejects when
 * the stream is closed or reports an error, so the vault refuses a read it could not record.
 */
export function jsonLinesEvidenceAuditHook(stream: LineStream = process.stderr): EvidenceAuditHook {
  const write = jsonLinesWriter(stream);
  return (event) => write(event);
}

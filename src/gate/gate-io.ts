// The gate's own I/O: storing the raw bytes as evidence and writing the audit record, each under a deadline.
import type { AuditRecord, AuditSink } from '../audit/record.js';
import { EVIDENCE_REF_PATTERN, NO_TENANT, type EvidenceWriter } from '../vocabulary/evidence-writer.js';
import { isThenable, settleOrHandOff, settleWithin, type WaitBounds } from '../vocabulary/settle-within.js';
import type { CallFrame, Received, StageStop } from './stage.js';

/** Why the gate itself ended a call: a step of its own I/O failed, missed its deadline, or the caller aborted. */
export type GateIoCode =
  | 'internal.evidence_unavailable'
  | 'internal.evidence_timeout'
  | 'internal.audit_unavailable'
  | 'internal.audit_timeout'
  | 'internal.aborted';

/** Where the raw bytes went: nowhere (no vault), stored under a reference id, or not stored and why. */
export type EvidenceStored =
  | { readonly kind: 'none' }
  | { readonly kind: 'stored'; readonly ref: string }
  | { readonly kind: 'failed'; readonly code: GateIoCode };

const NONE: EvidenceStored = Object.freeze({ kind: 'none' });

const ignore = (): void => undefined;

/**
 * Starts putting the raw bytes into the vault, as soon as the read stage has them, so the store works while
 * the other stages run. A throw, a rejection or a put that answers without a promise (a writer that does not
 * keep its contract, whatever it answered) is kept for {@link awaitEvidence} as a failure, never unhandled.
 */
export function startEvidence(vault: EvidenceWriter, frame: CallFrame, received: Received): Promise<unknown> {
  const meta = {
    tool: frame.tool.name,
    schemaVersion: frame.tool.version,
    tenant: frame.context.tenant ?? NO_TENANT,
    requestId: frame.context.requestId,
  };
  let started: Promise<unknown>;
  try {
    const answer: unknown = vault.put(received.raw, meta);
    started = isThenable(answer)
      ? Promise.resolve(answer)
      : Promise.reject(new Error('The evidence writer answered without a promise.'));
  } catch {
    started = Promise.reject(new Error('The evidence writer threw.'));
  }
  started.catch(ignore);
  return started;
}

/**
 * Waits for a started put at most the deadline, counted from when the gate starts waiting (after the other
 * stages, so a long sanitize cannot eat the store's time). Only a put that resolved to a reference id of the
 * vault's shape counts as stored: a rejection, a non-string answer or no answer in time is a failure, so an outcome never
 * names evidence that was not stored. Never rejects.
 */
export async function awaitEvidence(
  pending: Promise<unknown> | undefined,
  bounds: WaitBounds,
): Promise<EvidenceStored> {
  if (pending === undefined) return NONE;
  const settled = await settleWithin(() => pending, bounds);
  if (settled.kind === 'value')
    return typeof settled.value === 'string' && EVIDENCE_REF_PATTERN.test(settled.value)
      ? { kind: 'stored', ref: settled.value }
      : { kind: 'failed', code: 'internal.evidence_unavailable' };
  if (settled.kind === 'timeout') return { kind: 'failed', code: 'internal.evidence_timeout' };
  return {
    kind: 'failed',
    code: settled.kind === 'aborted' ? 'internal.aborted' : 'internal.evidence_unavailable',
  };
}

/**
 * Writes the audit record and waits at most the deadline; resolves to `undefined` once the sink accepted it,
 * or to the code the call fails with. A caller that has already aborted is not kept waiting, but the record
 * is still handed to the sink.
 */
export async function writeAudit(
  audit: AuditSink,
  record: AuditRecord,
  bounds: WaitBounds,
): Promise<GateIoCode | undefined> {
  const settled = await settleOrHandOff(() => audit.write(record), bounds);
  if (settled.kind === 'value') return undefined;
  if (settled.kind === 'timeout') return 'internal.audit_timeout';
  return settled.kind === 'aborted' ? 'internal.aborted' : 'internal.audit_unavailable';
}

/** The stop that replaces a call's last step when the gate's own I/O failed; always worth a retry. */
export function internalFailure(step: { readonly ok: true } | StageStop, code: GateIoCode): StageStop {
  const stage = step.ok ? 'project' : step.issue.stage;
  return { ok: false, issue: { stage, code }, retryable: true };
}

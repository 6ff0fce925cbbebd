// The vault's audit hook: one event for every write, read, refused read, revocation, purge and re-wrap; no payload.
import type { RefusalReason } from './access.js';
import type { EvidenceReadCode } from './results.js';

/** The kinds of evidence audit event. */
export type EvidenceAuditType =
  | 'evidence.stored'
  | 'evidence.read'
  | 'evidence.read_refused'
  | 'evidence.revoked'
  | 'evidence.purged'
  | 'evidence.rewrapped';

/**
 * One audit event. Holds codes, ids, counts and times only: never a byte of the payload. A refused read of a
 * malformed reference carries no `ref`, since that text came from the caller unchecked.
 */
export interface EvidenceAuditEvent {
  readonly type: EvidenceAuditType;
  /** When it happened (RFC 3339, UTC, as the gate's audit records write it), by the vault's clock. */
  readonly time: string;
  readonly ref?: string;
  /** The record's tenant (writes, revocations) or the principal's tenant (reads). */
  readonly tenant?: string;
  readonly tool?: string;
  readonly role?: string;
  /** The principal's id, when it gave one. */
  readonly principal?: string;
  /** Why a read was refused or failed. */
  readonly reason?: Exclude<EvidenceReadCode, 'refused'> | RefusalReason;
  /** Records affected (purge, re-wrap). */
  readonly count?: number;
  /** The key id records were written or re-wrapped under. */
  readonly keyId?: string;
}

/** An event as the vault's parts make it: its time in milliseconds since the epoch, written out as RFC 3339. */
export type VaultAuditEntry = Omit<EvidenceAuditEvent, 'time'> & { readonly time: number };

/**
 * Receives audit events. The vault awaits it; when a read's event cannot be recorded (the hook throws or
 * rejects), the read is refused with `audit_failed`, so no evidence leaves the vault unaudited.
 */
export type EvidenceAuditHook = (event: EvidenceAuditEvent) => void | Promise<void>;

// What reading, revoking and re-wrapping evidence return: unions narrowed on a stable code.
import type { RefusalReason } from './access.js';
import type { EvidenceMeta } from '../vocabulary/evidence-writer.js';
import type { EvidenceRef } from './ref.js';

/** Every code a failed read can carry. Locked by a test. */
export const EVIDENCE_READ_CODES = Object.freeze([
  'invalid_ref',
  'refused',
  'not_found',
  'expired',
  'revoked',
  'tampered',
  'key_unavailable',
] as const);

/** Why a read failed: malformed reference, refused principal, no record, past its TTL, revoked, failed
 * authentication (tampered), or the key that wrapped it is not held by the key provider. */
export type EvidenceReadCode = (typeof EVIDENCE_READ_CODES)[number];

/** A record read back: the raw bytes exactly as stored and the metadata they were stored with. */
export interface EvidenceRecord {
  readonly ref: EvidenceRef;
  readonly raw: Uint8Array;
  readonly meta: EvidenceMeta;
  readonly createdAt: number;
  readonly expiresAt: number;
}

/** The result of `vault.get`. A refusal says why; no failure carries any byte of the record. */
export type GetResult =
  | { readonly ok: true; readonly record: EvidenceRecord }
  | { readonly ok: false; readonly code: 'refused'; readonly reason: RefusalReason | 'audit_failed' }
  | { readonly ok: false; readonly code: Exclude<EvidenceReadCode, 'refused'> };

/** The result of `vault.revoke`: done, or there was no live record with that reference id. */
export type RevokeResult =
  { readonly ok: true } | { readonly ok: false; readonly code: 'invalid_ref' | 'not_found' };

/** What a re-wrap pass did. Records it could not re-wrap keep their old wrapped key and stay as they were. */
export interface RewrapReport {
  /** The key id every re-wrapped record now names. */
  readonly keyId: string;
  /** Records re-wrapped under it. */
  readonly rewrapped: number;
  /** Records whose old key the provider does not hold. */
  readonly keyUnavailable: number;
  /** Records whose wrapped key did not verify. */
  readonly tampered: number;
  /** Records changed by someone else (revoked or re-wrapped) while the pass ran. */
  readonly raced: number;
}

// The shape of one stored evidence record: its labels in the clear, its payload sealed, its data key wrapped.
import type { EvidenceMeta } from '../vocabulary/evidence-writer.js';
import { MAX_META_LENGTH, META_FORBIDDEN } from './defaults.js';

/** A record's labels: everything but the key material and the payload. All of it is authenticated. */
export interface EvidenceHeader extends EvidenceMeta {
  /** The reference id. */
  readonly ref: string;
  /** When the record was written, in milliseconds since the epoch. */
  readonly createdAt: number;
  /** When the record stops being readable and may be purged, in milliseconds since the epoch. */
  readonly expiresAt: number;
}

/** A record's data key, wrapped by a key-encryption key. */
export interface WrappedKeyRow extends EvidenceHeader {
  /** The id of the key-encryption key that wrapped the data key. */
  readonly keyId: string;
  /** The wrapped data key: 12-byte IV, 32 encrypted bytes, 16-byte tag (AES-256-GCM). */
  readonly wrappedKey: Uint8Array;
}

/** One stored record. A revoked record is a tombstone: its key material and payload are empty. */
export interface EvidenceRow extends WrappedKeyRow {
  /** The payload's 12-byte AES-GCM IV. */
  readonly iv: Uint8Array;
  /** The encrypted payload (as long as the raw bytes). */
  readonly ciphertext: Uint8Array;
  /** The payload's 16-byte AES-GCM tag. */
  readonly tag: Uint8Array;
  /** When the record was revoked, or `null` while it is live. */
  readonly revokedAt: number | null;
}

const META_FIELDS = ['tool', 'schemaVersion', 'tenant', 'requestId'] as const;

/**
 * Checks the caller's metadata. Metadata is trusted context from the caller's own code, so a bad value is a
 * programming error and throws a TypeError naming the field (never its value).
 */
export function assertEvidenceMeta(meta: EvidenceMeta): void {
  for (const field of META_FIELDS) {
    const value: unknown = meta[field];
    if (
      typeof value !== 'string' ||
      value.length === 0 ||
      value.length > MAX_META_LENGTH ||
      META_FORBIDDEN.test(value)
    ) {
      throw new TypeError(
        `Evidence metadata "${field}" must be a string of 1 to ${MAX_META_LENGTH} characters without controls.`,
      );
    }
  }
}

/** The metadata part of a header, as a fresh object. */
export function metaOf(header: EvidenceMeta): EvidenceMeta {
  return {
    tool: header.tool,
    schemaVersion: header.schemaVersion,
    tenant: header.tenant,
    requestId: header.requestId,
  };
}

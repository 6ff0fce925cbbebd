// The one interface every evidence store implements (memory, SQLite, PostgreSQL, Redis).
import type { EvidenceRow, WrappedKeyRow } from './record.js';

/**
 * Durable storage for sealed evidence records. Stores see only sealed payloads and wrapped keys; they never
 * hold a key-encryption key. Every method resolves once the change is durable as the store defines it.
 */
export interface EvidenceStore {
  /** Stores a new record. Rejects when the reference id already exists. */
  insert(row: EvidenceRow): Promise<void>;
  /** The record with this reference id (live, tombstoned or past its TTL but not yet purged), if any. */
  get(ref: string): Promise<EvidenceRow | undefined>;
  /**
   * Turns a live record into a tombstone: payload, IV, tag and wrapped key are erased, the labels and
   * `revokedAt` kept until the record's TTL. Resolves false when there is no live record.
   */
  revoke(ref: string, revokedAt: number): Promise<boolean>;
  /** Deletes every record (live or tombstone) whose `expiresAt` is at or before `now`; resolves to how many. */
  purgeExpired(now: number): Promise<number>;
  /** Every live record whose data key is wrapped under a key other than `currentKeyId`, read in pages. */
  listForRewrap(currentKeyId: string): AsyncIterable<WrappedKeyRow>;
  /**
   * Replaces a live record's wrapped key, only if it is still wrapped under `fromKeyId` (compare and set).
   * Resolves false when the record is gone, revoked or already re-wrapped.
   */
  updateWrappedKey(ref: string, fromKeyId: string, toKeyId: string, wrappedKey: Uint8Array): Promise<boolean>;
  /** Releases what the store opened itself (a connection it was given is left open). */
  close(): Promise<void>;
}

/** Bytes stored in place of the payload, IV, tag and wrapped key of a tombstone. */
export const ERASED: Uint8Array = new Uint8Array(0);

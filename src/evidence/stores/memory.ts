// An in-memory evidence store: the reference behaviour of the store contract, for unit tests and short-lived tools.
import type { EvidenceRow, WrappedKeyRow } from '../record.js';
import { ERASED } from '../store.js';
import type { EvidenceStore } from '../store.js';

/** A store that keeps records in this process only (lost when it exits). Copies bytes in and out. */
export function createMemoryStore(): EvidenceStore {
  const rows = new Map<string, EvidenceRow>();
  return Object.freeze({
    insert(row: EvidenceRow): Promise<void> {
      if (rows.has(row.ref))
        return Promise.reject(new Error('An evidence record with this reference id exists.'));
      rows.set(row.ref, copyRow(row));
      return Promise.resolve();
    },
    get(ref: string): Promise<EvidenceRow | undefined> {
      const row = rows.get(ref);
      return Promise.resolve(row === undefined ? undefined : copyRow(row));
    },
    revoke(ref: string, revokedAt: number): Promise<boolean> {
      const row = rows.get(ref);
      if (row === undefined || row.revokedAt !== null) return Promise.resolve(false);
      const erased = { wrappedKey: ERASED, iv: ERASED, ciphertext: ERASED, tag: ERASED };
      rows.set(ref, { ...row, ...erased, revokedAt });
      return Promise.resolve(true);
    },
    purgeExpired(now: number): Promise<number> {
      let count = 0;
      for (const [ref, row] of rows) {
        if (row.expiresAt <= now && rows.delete(ref)) count++;
      }
      return Promise.resolve(count);
    },
    async *listForRewrap(currentKeyId: string): AsyncIterable<WrappedKeyRow> {
      const candidates = [...rows.values()].filter(
        (row) => row.revokedAt === null && row.keyId !== currentKeyId,
      );
      for (const row of candidates) yield copyRow(row);
      await Promise.resolve();
    },
    updateWrappedKey(
      ref: string,
      fromKeyId: string,
      toKeyId: string,
      wrappedKey: Uint8Array,
    ): Promise<boolean> {
      const row = rows.get(ref);
      if (row?.revokedAt !== null || row.keyId !== fromKeyId) return Promise.resolve(false);
      rows.set(ref, { ...row, keyId: toKeyId, wrappedKey: Uint8Array.from(wrappedKey) });
      return Promise.resolve(true);
    },
    close(): Promise<void> {
      rows.clear();
      return Promise.resolve();
    },
  });
}

function copyRow(row: EvidenceRow): EvidenceRow {
  return {
    ...row,
    wrappedKey: Uint8Array.from(row.wrappedKey),
    iv: Uint8Array.from(row.iv),
    ciphertext: Uint8Array.from(row.ciphertext),
    tag: Uint8Array.from(row.tag),
  };
}

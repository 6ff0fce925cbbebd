// Key rotation: re-wraps every record's data key under the current key-encryption key, never touching payloads.
import { wrappedKeyAad } from './aad.js';
import { unwrapDataKey, wrapDataKey } from './envelope.js';
import { requireKey } from './keys.js';
import type { KeyProvider } from './keys.js';
import type { RewrapReport } from './results.js';
import type { EvidenceStore } from './store.js';

/**
 * Re-wraps every live record not yet under the current key. Each data key is unwrapped with the record's old
 * key (its AAD checked), wrapped under the current key and stored with a compare-and-set on the old key id,
 * so a concurrent revocation or re-wrap wins. Payload ciphertext is never read or rewritten.
 */
export async function rewrapRecords(store: EvidenceStore, keys: KeyProvider): Promise<RewrapReport> {
  const keyId = await keys.currentKeyId();
  const kek = await requireKey(keys, keyId);
  const counts = { rewrapped: 0, keyUnavailable: 0, tampered: 0, raced: 0 };
  for await (const row of store.listForRewrap(keyId)) {
    const oldKek = await keys.keyById(row.keyId);
    if (oldKek === undefined) {
      counts.keyUnavailable++;
      continue;
    }
    const dataKey = unwrapDataKey(row.wrappedKey, oldKek, wrappedKeyAad(row, row.keyId));
    if (dataKey === undefined) {
      counts.tampered++;
      continue;
    }
    let wrapped: Uint8Array;
    try {
      wrapped = wrapDataKey(dataKey, kek, wrappedKeyAad(row, keyId));
    } finally {
      dataKey.fill(0);
    }
    if (await store.updateWrappedKey(row.ref, row.keyId, keyId, wrapped)) counts.rewrapped++;
    else counts.raced++;
  }
  return { keyId, ...counts };
}

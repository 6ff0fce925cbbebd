// The write path of the vault: a fresh data key per record, the payload sealed, the key wrapped, then stored.
import type { EvidenceMeta } from '../vocabulary/evidence-writer.js';
import { payloadAad, wrappedKeyAad } from './aad.js';
import { newDataKey, sealPayload, wrapDataKey } from './envelope.js';
import { requireKey } from './keys.js';
import { assertEvidenceMeta, metaOf, type EvidenceHeader, type EvidenceRow } from './record.js';
import { newEvidenceRef, type EvidenceRef } from './ref.js';
import type { VaultContext } from './vault-context.js';

/**
 * Seals raw bytes with a fresh data key, wraps the key under the current key-encryption key (additional data
 * binds both to the reference id, tenant and tool), stores the record and audits the write. The data key is
 * wiped whatever happens.
 */
export async function sealAndStore(
  vault: VaultContext,
  raw: Uint8Array,
  meta: EvidenceMeta,
): Promise<EvidenceRef> {
  const { store, keys, clock, ttlMs, audit } = vault;
  assertEvidenceMeta(meta);
  const time = clock();
  const ref = newEvidenceRef();
  const header: EvidenceHeader = { ref, ...metaOf(meta), createdAt: time, expiresAt: time + ttlMs };
  const keyId = await keys.currentKeyId();
  const kek = await requireKey(keys, keyId);
  const dataKey = newDataKey();
  let row: EvidenceRow;
  try {
    const sealed = sealPayload(raw, dataKey, payloadAad(header));
    const wrappedKey = wrapDataKey(dataKey, kek, wrappedKeyAad(header, keyId));
    row = { ...header, keyId, wrappedKey, ...sealed, revokedAt: null };
  } finally {
    dataKey.fill(0);
  }
  await store.insert(row);
  await audit({ type: 'evidence.stored', time, ref, tenant: meta.tenant, tool: meta.tool, keyId });
  return ref;
}

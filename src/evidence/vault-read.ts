// The read path of the vault: every check a principal must pass, each refusal audited, the payload opened last.
import { payloadAad, wrappedKeyAad } from './aad.js';
import type { Principal, RefusalReason } from './access.js';
import type { VaultAuditEntry } from './audit.js';
import { openPayload, unwrapDataKey } from './envelope.js';
import type { KeyProvider } from './keys.js';
import { metaOf, type EvidenceRow } from './record.js';
import { isEvidenceRef, type EvidenceRef } from './ref.js';
import type { GetResult } from './results.js';
import type { VaultContext } from './vault-context.js';

/**
 * Reads a record back for a principal: a well-formed reference, an allowed role, the record's tenant, not
 * revoked, not expired, intact under its keys. Every refusal is audited (best effort); the read itself is
 * audited before the bytes are returned, and refused when that event cannot be written.
 */
export async function readEvidence(
  vault: VaultContext,
  ref: string,
  principal: Principal,
): Promise<GetResult> {
  const { store, policy, clock, audit } = vault;
  const time = clock();
  const who = {
    tenant: principal.tenant,
    role: principal.role,
    ...(principal.id === undefined ? {} : { principal: principal.id }),
  };
  const fail = async (
    result: Exclude<GetResult, { ok: true }>,
    reason: NonNullable<VaultAuditEntry['reason']>,
  ): Promise<GetResult> => {
    const event: VaultAuditEntry = { type: 'evidence.read_refused', time, ...who, reason };
    await audit(result.code === 'invalid_ref' ? event : { ...event, ref }).catch(() => undefined);
    return result;
  };
  const refuse = (reason: RefusalReason): Promise<GetResult> =>
    fail({ ok: false, code: 'refused', reason }, reason);

  if (!isEvidenceRef(ref)) return fail({ ok: false, code: 'invalid_ref' }, 'invalid_ref');
  if (!policy.allowsRole(principal.role)) return refuse('role_not_allowed');
  const row = await store.get(ref);
  if (row === undefined) return fail({ ok: false, code: 'not_found' }, 'not_found');
  if (row.tenant !== principal.tenant) return refuse('tenant_mismatch');
  if (row.revokedAt !== null) return fail({ ok: false, code: 'revoked' }, 'revoked');
  if (row.expiresAt <= time) return fail({ ok: false, code: 'expired' }, 'expired');
  const opened = await openRow(vault.keys, row, ref);
  if (opened.code !== undefined) return fail({ ok: false, code: opened.code }, opened.code);
  try {
    await audit({ type: 'evidence.read', time, ref, ...who });
  } catch {
    opened.raw.fill(0);
    return { ok: false, code: 'refused', reason: 'audit_failed' };
  }
  const record = {
    ref,
    raw: opened.raw,
    meta: metaOf(row),
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
  };
  return { ok: true, record };
}

/** Unwraps the data key and opens the payload; any failed check is `tampered`. */
async function openRow(
  keys: KeyProvider,
  row: EvidenceRow,
  ref: EvidenceRef,
): Promise<{ code: undefined; raw: Buffer } | { code: 'tampered' | 'key_unavailable' }> {
  if (row.ref !== ref) return { code: 'tampered' };
  const kek = await keys.keyById(row.keyId);
  if (kek === undefined) return { code: 'key_unavailable' };
  const dataKey = unwrapDataKey(row.wrappedKey, kek, wrappedKeyAad(row, row.keyId));
  if (dataKey === undefined) return { code: 'tampered' };
  try {
    const raw = openPayload(row, dataKey, payloadAad(row));
    return raw === undefined ? { code: 'tampered' } : { code: undefined, raw };
  } finally {
    dataKey.fill(0);
  }
}

// The evidence vault: raw tool responses sealed per record, read back only by an allowed principal, every read audited.
import { payloadAad, wrappedKeyAad } from './aad.js';
import { createReaderPolicy } from './access.js';
import type { Principal, RefusalReason } from './access.js';
import type { EvidenceAuditEvent, EvidenceAuditHook } from './audit.js';
import { jsonLinesEvidenceAuditHook } from './audit-stream.js';
import { DEFAULT_EVIDENCE_TTL_MS } from './defaults.js';
import { newDataKey, openPayload, sealPayload, wrapDataKey, unwrapDataKey } from './envelope.js';
import { requireKey } from './keys.js';
import type { KeyProvider } from './keys.js';
import { assertEvidenceMeta, metaOf } from './record.js';
import type { EvidenceMeta } from '../vocabulary/evidence-writer.js';
import type { EvidenceHeader, EvidenceRow } from './record.js';
import { isEvidenceRef, newEvidenceRef } from './ref.js';
import type { EvidenceRef } from './ref.js';
import { rewrapRecords } from './rewrap.js';
import type { GetResult, RevokeResult, RewrapReport } from './results.js';
import type { EvidenceStore } from './store.js';

/** How a vault is built. */
export interface VaultOptions {
  /** Where sealed records live. */
  readonly store: EvidenceStore;
  /** Where key-encryption keys come from. */
  readonly keys: KeyProvider;
  /** How long a record stays readable, in milliseconds; 72 hours when absent. */
  readonly ttlMs?: number;
  /** The roles allowed to read evidence; `['security-operator']` when absent. */
  readonly readers?: readonly string[];
  /**
   * Receives one event per write, read, refused read, revocation, purge and re-wrap. A read whose event fails is
   * refused; any other call whose event fails rejects (after its change to the store). Default: one JSON line
   * per event on standard error ({@link jsonLinesEvidenceAuditHook}); auditing cannot be left out by omission.
   */
  readonly audit?: EvidenceAuditHook;
  /** The time in milliseconds since the epoch; `Date.now` when absent. */
  readonly clock?: () => number;
}

/** Encrypted, expiring storage of raw tool responses behind reference ids. */
export interface Vault {
  /**
   * Seals raw bytes with a fresh data key and stores them; resolves to the new reference id once the store
   * has made the record durable. Rejects only when the store or the key provider fails.
   */
  put(raw: Uint8Array, meta: EvidenceMeta): Promise<EvidenceRef>;
  /** Reads a record back for a principal. Every call is audited, whatever its result. */
  get(ref: string, principal: Principal): Promise<GetResult>;
  /** Erases a record's payload and key material at once, leaving a tombstone until its TTL. */
  revoke(ref: string): Promise<RevokeResult>;
  /** Deletes every record past its TTL; resolves to how many. */
  purge(now?: number): Promise<number>;
  /** Re-wraps every record's data key under the key provider's current key (after a rotation). */
  rewrap(): Promise<RewrapReport>;
}

/** Builds a vault. Throws a TypeError for a bad TTL, reader list, store, key provider, audit hook or clock. */
export function createVault(options: VaultOptions): Vault {
  const { store, keys } = options;
  const ttlMs = options.ttlMs ?? DEFAULT_EVIDENCE_TTL_MS;
  if (!Number.isSafeInteger(ttlMs) || ttlMs <= 0)
    throw new TypeError('ttlMs must be a positive whole number.');
  if (typeof store !== 'object' || typeof keys !== 'object')
    throw new TypeError('A vault needs a store and keys.');
  const policy = createReaderPolicy(options.readers);
  const clock = options.clock ?? Date.now;
  const hook = options.audit ?? jsonLinesEvidenceAuditHook();
  if (typeof hook !== 'function') throw new TypeError('The vault audit hook must be a function.');
  const audit = async (event: EvidenceAuditEvent): Promise<void> => {
    await hook(event);
  };

  async function put(raw: Uint8Array, meta: EvidenceMeta): Promise<EvidenceRef> {
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

  async function get(ref: string, principal: Principal): Promise<GetResult> {
    const time = clock();
    const who = {
      tenant: principal.tenant,
      role: principal.role,
      ...(principal.id === undefined ? {} : { principal: principal.id }),
    };
    const fail = async (
      result: Exclude<GetResult, { ok: true }>,
      reason: NonNullable<EvidenceAuditEvent['reason']>,
    ): Promise<GetResult> => {
      const event: EvidenceAuditEvent = { type: 'evidence.read_refused', time, ...who, reason };
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
    const opened = await openRow(row, ref);
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

  async function revoke(ref: string): Promise<RevokeResult> {
    if (!isEvidenceRef(ref)) return { ok: false, code: 'invalid_ref' };
    const time = clock();
    if (!(await store.revoke(ref, time))) return { ok: false, code: 'not_found' };
    await audit({ type: 'evidence.revoked', time, ref });
    return { ok: true };
  }

  async function purge(now: number = clock()): Promise<number> {
    const count = await store.purgeExpired(now);
    await audit({ type: 'evidence.purged', time: now, count });
    return count;
  }

  async function rewrap(): Promise<RewrapReport> {
    const report = await rewrapRecords(store, keys);
    await audit({ type: 'evidence.rewrapped', time: clock(), count: report.rewrapped, keyId: report.keyId });
    return report;
  }

  return Object.freeze({ put, get, revoke, purge, rewrap });
}

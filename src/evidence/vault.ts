// The evidence vault: raw tool responses sealed per record, read back only by an allowed principal, every read audited.
import { createReaderPolicy } from './access.js';
import type { Principal } from './access.js';
import type { EvidenceAuditHook, VaultAuditEntry } from './audit.js';
import { jsonLinesEvidenceAuditHook } from './audit-stream.js';
import { DEFAULT_EVIDENCE_TTL_MS } from './defaults.js';
import type { KeyProvider } from './keys.js';
import type { EvidenceMeta } from '../vocabulary/evidence-writer.js';
import { isEvidenceRef } from './ref.js';
import type { EvidenceRef } from './ref.js';
import { rewrapRecords } from './rewrap.js';
import type { GetResult, RevokeResult, RewrapReport } from './results.js';
import type { EvidenceStore } from './store.js';
import type { VaultContext } from './vault-context.js';
import { readEvidence } from './vault-read.js';
import { sealAndStore } from './vault-write.js';

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
  const audit = async (event: VaultAuditEntry): Promise<void> => {
    await hook({ ...event, time: new Date(event.time).toISOString() });
  };

  const vault: VaultContext = { store, keys, policy, clock, ttlMs, audit };

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

  return Object.freeze({
    put: (raw: Uint8Array, meta: EvidenceMeta) => sealAndStore(vault, raw, meta),
    get: (ref: string, principal: Principal) => readEvidence(vault, ref, principal),
    revoke,
    purge,
    rewrap,
  });
}

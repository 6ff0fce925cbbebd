// What the parts of a vault share: its store, keys, reader policy, clock, audit hook and retention.
import type { ReaderPolicy } from './access.js';
import type { VaultAuditEntry } from './audit.js';
import type { KeyProvider } from './keys.js';
import type { EvidenceStore } from './store.js';

/** One vault's configuration, checked once when the vault is built. */
export interface VaultContext {
  readonly store: EvidenceStore;
  readonly keys: KeyProvider;
  readonly policy: ReaderPolicy;
  readonly clock: () => number;
  readonly ttlMs: number;
  /** Writes one audit event (its time as RFC 3339); rejects when the hook fails. */
  readonly audit: (event: VaultAuditEntry) => Promise<void>;
}

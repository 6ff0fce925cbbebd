// Opens the evidence vault a fixture run writes to: `sqlite:PATH`, with a key file made on first use.
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createFileAuditHook } from '../evidence/audit-file.js';
import { createKeyFileProvider, ensureKeyFile } from '../evidence/keys-file.js';
import { createSqliteStore } from '../evidence/stores/sqlite.js';
import { createVault, type Vault } from '../evidence/vault.js';

/** The key file made beside the SQLite file when the run names none. */
export const DEFAULT_KEY_FILE_NAME = 'evidence.keys.json';

/** The evidence audit log beside the SQLite file. */
export const EVIDENCE_AUDIT_FILE_NAME = 'evidence-audit.jsonl';

/** An open vault, and what opening it did. */
export interface RunVault {
  readonly vault: Vault;
  /** True when a new key file was generated for this run. */
  readonly keyFileCreated: boolean;
  /** The key file in use (absolute). */
  readonly keyFile: string;
  close(): Promise<void>;
}

/** Thrown for a `--vault` value this runner does not understand (a usage mistake). */
export class VaultSpecError extends Error {
  override readonly name = 'VaultSpecError';
}

/**
 * Opens `sqlite:PATH` (relative to `cwd`) as an evidence vault. The folder holding the file is created
 * private to its owner. Keys come from `keyFile` when given (it must exist, mode 0600); otherwise from
 * `evidence.keys.json` beside the SQLite file, generated with one fresh key (mode 0600) when missing. Evidence
 * audit events are appended to `evidence-audit.jsonl` in the same folder. Throws {@link VaultSpecError} for
 * another scheme, and the key provider's `KeyConfigError` for an unsafe or malformed key file.
 */
export function openRunVault(spec: string, cwd: string, keyFile?: string): RunVault {
  const match = /^sqlite:(.+)$/.exec(spec);
  if (match?.[1] === undefined) throw new VaultSpecError('--vault takes sqlite:PATH');
  const path = resolve(cwd, match[1]);
  const folder = dirname(path);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const keys = keyFile === undefined ? join(folder, DEFAULT_KEY_FILE_NAME) : resolve(cwd, keyFile);
  const keyFileCreated = keyFile === undefined && ensureKeyFile(keys);
  const provider = createKeyFileProvider(keys);
  const store = createSqliteStore(path);
  const vault = createVault({
    store,
    keys: provider,
    audit: createFileAuditHook(join(folder, EVIDENCE_AUDIT_FILE_NAME)),
  });
  return { vault, keyFileCreated, keyFile: keys, close: () => store.close() };
}

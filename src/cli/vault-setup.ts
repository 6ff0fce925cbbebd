// What the evidence and key commands share: the --store, --key-file and --audit-log options, opening a store and a vault.
import { resolve } from 'node:path';
import { MissingPeerError } from '../peers/load-peer.js';
import { ConfigFileError } from '../read/config-file.js';

import { EXIT, type CliIo } from './command.js';
import { checkStoreScheme, storeFailure } from './store-failure.js';
import { createFileAuditHook } from '../evidence/audit-file.js';
import { DEFAULT_CLI_AUDIT_LOG, DEFAULT_CLI_STORE, DEFAULT_KEYS_VARIABLE } from '../evidence/defaults.js';
import { createEnvKeyProvider } from '../evidence/keys-env.js';
import { keySource, noKeysMessage } from './key-source.js';
import { createKeyFileProvider } from '../evidence/keys-file.js';
import { KeyConfigError } from '../evidence/keys.js';
import type { KeyProvider } from '../evidence/keys.js';
import type { EvidenceStore } from '../evidence/store.js';
import { openStore, StoreSpecError } from '../evidence/open-store.js';
import { createVault } from '../evidence/vault.js';
import type { Vault } from '../evidence/vault.js';

/** The `node:util` parseArgs options every evidence and key command accepts. */
export const VAULT_CLI_OPTIONS = Object.freeze({
  store: { type: 'string' },
  'key-file': { type: 'string' },
  'audit-log': { type: 'string' },
} as const);

/** The vault options as parsed. */
export interface VaultCliValues {
  readonly store?: string | undefined;
  readonly 'key-file'?: string | undefined;
  readonly 'audit-log'?: string | undefined;
}

/** The usage text of the shared options. */
export const VAULT_CLI_USAGE =
  '[--store PATH|postgres://…|redis://…] [--key-file FILE] [--audit-log FILE]   (keys: --key-file or $' +
  DEFAULT_KEYS_VARIABLE +
  ')';

/** What the shared options mean, for each command's help. */
export const VAULT_CLI_HELP = `  --store      the evidence store: a SQLite file (default ${DEFAULT_CLI_STORE}; it must exist), or a
               postgres:// or redis:// URL
  --key-file   the key file (JSON, mode 0600); without it keys come from $${DEFAULT_KEYS_VARIABLE}
               (id:base64 entries, the current one marked *; airlock keys new prints one), else from the
               key file beside a SQLite store (evidence.keys.json, as fixtures run --vault makes it, or keys.json)
  --audit-log  where evidence audit events are appended (default ${DEFAULT_CLI_AUDIT_LOG})
  exit 0: done; 1: refused, not found or a store failure; 2: a usage or configuration mistake.`;

/**
 * The key provider of the options, by {@link keySource}: `--key-file`, else `$AIRLOCK_VAULT_KEYS`, else the key
 * file beside a SQLite store. None of them is a `KeyConfigError` saying how to give keys.
 */
export function cliKeyProvider(values: VaultCliValues, io: CliIo): KeyProvider {
  const source = keySource(values, io);
  if (source.kind === 'file') return createKeyFileProvider(source.path);
  if (source.kind === 'env') return createEnvKeyProvider({ env: io.env });
  throw new KeyConfigError(noKeysMessage(source));
}

/**
 * Opens the store and builds a vault over it (keys from `keys`, audit events appended to the audit log), runs
 * `work`, and closes the store. Key configuration mistakes are reported by their message (it names no key
 * material); store failures by the store's kind, host and port and the cause's code (see `storeFailure`), never
 * the driver's message, which may carry a connection string.
 */
export async function withVault(
  { command, mayCreateStore }: { readonly command: string; readonly mayCreateStore: boolean },
  values: VaultCliValues,
  io: CliIo,
  keys: () => KeyProvider,
  work: (vault: Vault) => Promise<number>,
): Promise<number> {
  let store: EvidenceStore | undefined;
  const spec = values.store ?? DEFAULT_CLI_STORE;
  try {
    checkStoreScheme(spec);
    store = await openStore(spec, io.cwd, mayCreateStore);
    const provider = keys();
    const audit = createFileAuditHook(resolve(io.cwd, values['audit-log'] ?? DEFAULT_CLI_AUDIT_LOG));
    return await work(createVault({ store, keys: provider, audit }));
  } catch (error: unknown) {
    if (
      error instanceof KeyConfigError ||
      error instanceof ConfigFileError ||
      error instanceof MissingPeerError ||
      error instanceof StoreSpecError
    ) {
      io.stderr(`airlock ${command}: ${error.message}\n`);
      return EXIT.usage;
    }
    io.stderr(`airlock ${command}: ${storeFailure(error, spec)}\n`);
    return EXIT.failed;
  } finally {
    await store?.close().catch(() => undefined);
  }
}

/** A provider for commands that never touch key material (purge): asking it for a key is a config error. */
export const NO_KEYS: KeyProvider = Object.freeze({
  currentKeyId: () => Promise.reject(new KeyConfigError('This command holds no keys.')),
  keyById: () => Promise.resolve(undefined),
});

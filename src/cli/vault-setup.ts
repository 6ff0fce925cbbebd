// What the evidence and key commands share: the --store, --key-file and --audit-log options, opening a store and a vault.
import { resolve } from 'node:path';
import { MissingPeerError } from '../peers/load-peer.js';
import { ConfigFileError } from '../read/config-file.js';

import { EXIT, type CliIo } from './command.js';
import { errorName } from './failure-line.js';
import { createFileAuditHook } from '../evidence/audit-file.js';
import { DEFAULT_CLI_AUDIT_LOG, DEFAULT_CLI_STORE, DEFAULT_KEYS_VARIABLE } from '../evidence/defaults.js';
import { createEnvKeyProvider } from '../evidence/keys-env.js';
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
  --audit-log  where evidence audit events are appended (default ${DEFAULT_CLI_AUDIT_LOG})
  exit 0: done; 1: refused, not found or a store failure; 2: a usage or configuration mistake.`;

/** The key provider the options name: the key file when given, else the environment variable. */
export function cliKeyProvider(values: VaultCliValues, io: CliIo): KeyProvider {
  const keyFile = values['key-file'];
  if (keyFile !== undefined) return createKeyFileProvider(resolve(io.cwd, keyFile));
  return createEnvKeyProvider({ env: io.env });
}

/**
 * Opens the store and builds a vault over it (keys from `keys`, audit events appended to the audit log), runs
 * `work`, and closes the store. Key configuration mistakes are reported by their message (it names no key
 * material); store failures by their error name only, since driver messages may carry connection strings.
 */
export async function withVault(
  { command, mayCreateStore }: { readonly command: string; readonly mayCreateStore: boolean },
  values: VaultCliValues,
  io: CliIo,
  keys: () => KeyProvider,
  work: (vault: Vault) => Promise<number>,
): Promise<number> {
  let store: EvidenceStore | undefined;
  try {
    store = await openStore(values.store ?? DEFAULT_CLI_STORE, io.cwd, mayCreateStore);
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
    io.stderr(`airlock ${command}: store_error (${errorName(error)})\n`);
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

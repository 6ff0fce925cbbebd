// What the evidence and key commands share: the --store, --key-file and --audit-log options, opening a store and a vault.
import { resolve } from 'node:path';
import type { CliIo } from './command.js';
import { createFileAuditHook } from '../evidence/audit-file.js';
import { DEFAULT_CLI_AUDIT_LOG, DEFAULT_CLI_STORE, DEFAULT_KEYS_VARIABLE } from '../evidence/defaults.js';
import { createEnvKeyProvider } from '../evidence/keys-env.js';
import { createKeyFileProvider } from '../evidence/keys-file.js';
import { KeyConfigError } from '../evidence/keys.js';
import type { KeyProvider } from '../evidence/keys.js';
import type { EvidenceStore } from '../evidence/store.js';
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

/**
 * Opens the store a `--store` value names: a `postgres://` or `postgresql://` URL, a `redis://` or `rediss://`
 * URL, or else a SQLite file path (relative to `cwd`). Only the driver in use is loaded.
 */
export async function openStore(spec: string, cwd: string): Promise<EvidenceStore> {
  if (/^postgres(ql)?:\/\//.test(spec)) {
    const { createPostgresStore } = await import('../evidence/stores/postgres.js');
    return createPostgresStore({ connectionString: spec });
  }
  if (/^rediss?:\/\//.test(spec)) {
    const [{ Redis }, { createRedisStore }] = await Promise.all([
      import('ioredis'),
      import('../evidence/stores/redis.js'),
    ]);
    const client = new Redis(spec, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
    try {
      await client.connect();
    } catch (error: unknown) {
      client.disconnect();
      throw error;
    }
    return createRedisStore({ client, ownsClient: true });
  }
  const { createSqliteStore } = await import('../evidence/stores/sqlite.js');
  return createSqliteStore(resolve(cwd, spec));
}

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
  command: string,
  values: VaultCliValues,
  io: CliIo,
  keys: () => KeyProvider,
  work: (vault: Vault) => Promise<number>,
): Promise<number> {
  let store: EvidenceStore | undefined;
  try {
    const provider = keys();
    store = await openStore(values.store ?? DEFAULT_CLI_STORE, io.cwd);
    const audit = createFileAuditHook(resolve(io.cwd, values['audit-log'] ?? DEFAULT_CLI_AUDIT_LOG));
    return await work(createVault({ store, keys: provider, audit }));
  } catch (error: unknown) {
    const detail = error instanceof KeyConfigError ? error.message : `store_error (${errorName(error)})`;
    io.stderr(`${command}: ${detail}\n`);
    return 1;
  } finally {
    await store?.close().catch(() => undefined);
  }
}

/** A provider for commands that never touch key material (purge): asking it for a key is a config error. */
export const NO_KEYS: KeyProvider = Object.freeze({
  currentKeyId: () => Promise.reject(new KeyConfigError('This command holds no keys.')),
  keyById: () => Promise.resolve(undefined),
});

function errorName(error: unknown): string {
  return error instanceof Error && /^[A-Za-z]{1,40}$/.test(error.name) ? error.name : 'Error';
}

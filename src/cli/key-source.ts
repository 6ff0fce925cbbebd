// Where the evidence and key commands take their keys from: one rule, the same for every command.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DEFAULT_CLI_STORE, DEFAULT_KEYS_VARIABLE } from '../evidence/defaults.js';
import { storeKind } from '../evidence/open-store.js';
import { DEFAULT_KEY_FILE_NAME } from '../packs/evidence.js';
import { STATE_FILES } from '../proxy/config/state-dir.js';
import type { CliIo } from './command.js';
import type { VaultCliValues } from './vault-setup.js';

/** Where the keys come from: a key file (named, or found beside the store), or the environment variable. */
export type KeySource =
  | { readonly kind: 'file'; readonly path: string; readonly named: boolean }
  | { readonly kind: 'env' }
  | { readonly kind: 'none'; readonly beside: string | undefined };

/** The key-file names looked for beside a SQLite store: the one `fixtures run` makes, then the proxy's. */
const BESIDE_THE_STORE = [DEFAULT_KEY_FILE_NAME, STATE_FILES.keyFile] as const;

/**
 * The keys' source, in this order: `--key-file FILE`; else `$AIRLOCK_VAULT_KEYS` when it holds anything; else the
 * key file beside a SQLite store (`evidence.keys.json`, as `airlock fixtures run --vault` and `npm start` make
 * it, or `keys.json`, as `airlock proxy` keeps it in its state folder); else none — and `beside` is where a new
 * key file would go (`keys rotate --init`), for a SQLite store.
 */
export function keySource(values: VaultCliValues, io: CliIo): KeySource {
  const named = values['key-file'];
  if (named !== undefined) return { kind: 'file', path: resolve(io.cwd, named), named: true };
  if ((io.env[DEFAULT_KEYS_VARIABLE] ?? '').trim() !== '') return { kind: 'env' };
  const store = values.store ?? DEFAULT_CLI_STORE;
  if (storeKind(store) !== 'sqlite') return { kind: 'none', beside: undefined };
  const folder = dirname(resolve(io.cwd, store));
  const found = BESIDE_THE_STORE.map((name) => join(folder, name)).find((path) => existsSync(path));
  return found === undefined
    ? { kind: 'none', beside: join(folder, DEFAULT_KEY_FILE_NAME) }
    : { kind: 'file', path: found, named: false };
}

/** What to do when no keys were found, as a sentence for a `KeyConfigError`. */
export function noKeysMessage(source: Extract<KeySource, { kind: 'none' }>): string {
  const beside = source.beside === undefined ? '' : `, or keep the key file beside the store`;
  return (
    `No evidence keys: pass --key-file FILE, set ${DEFAULT_KEYS_VARIABLE} (airlock keys new prints one)${beside}` +
    ' (airlock keys rotate --init makes one)'
  );
}

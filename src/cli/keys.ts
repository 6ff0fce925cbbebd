// `airlock keys rotate|rewrap`: make a new key-encryption key current and re-wrap every record's data key under it.
import { existsSync } from 'node:fs';
import { defineVaultCommand } from './vault-command.js';
import { cliKeyProvider } from './vault-setup.js';
import type { VaultCliValues } from './vault-setup.js';
import { DEFAULT_KEYS_VARIABLE } from '../evidence/defaults.js';
import { formatKeyList, readEnvKeyRing } from '../evidence/keys-env.js';
import { createKeyFileProvider, readKeyFile, writeKeyFile } from '../evidence/keys-file.js';
import { displayPath } from '../packs/paths.js';
import { keySource, noKeysMessage } from './key-source.js';
import {
  buildKeyRing,
  createStaticKeyProvider,
  generateKey,
  KeyConfigError,
  withCurrentKey,
} from '../evidence/keys.js';
import type { KeyProvider, KeyRing } from '../evidence/keys.js';
import type { RewrapReport } from '../evidence/results.js';
import type { Vault } from '../evidence/vault.js';
import { defineCommand, EXIT, usageError } from './command.js';
import type { CliIo, Command } from './command.js';

/**
 * `airlock keys rotate`: generates a new key-encryption key, makes it current, then re-wraps every record's data
 * key under it (payloads untouched) and prints the summary on stdout. A key file (`--key-file`, or the one beside
 * a SQLite store) is rewritten atomically (mode 0600); with `$AIRLOCK_VAULT_KEYS`, the new key list is printed on
 * stdout for the operator's secret store, since a process cannot change its parent's environment. `--init`
 * starts a new key file when none exists. Exits 1 when some record could not be re-wrapped.
 */
export const keysRotateCommand: Command = defineVaultCommand({
  path: ['keys', 'rotate'],
  summary: 'Make a new evidence key current and re-wrap every record under it.',
  options: { init: { type: 'boolean' } },
  usage: '[--init]',
  positionals: 0,
  mayCreateStore: true,
  keys: ({ values }, io) => rotateKeys(values, values.init === true, io),
  work: (vault, _args, io) => rewrapAndReport(vault, io),
});

/** `airlock keys rewrap`: re-wraps records under the current key (to finish a rotation whose re-wrap failed). */
export const keysRewrapCommand: Command = defineVaultCommand({
  path: ['keys', 'rewrap'],
  summary: 'Re-wrap every evidence record under the current key.',
  options: {},
  usage: '',
  positionals: 0,
  keys: ({ values }, io) => cliKeyProvider(values, io),
  work: (vault, _args, io) => rewrapAndReport(vault, io),
});

/**
 * Adds a new current key to the keys' source (see `keySource`) and returns a provider over it: the key file
 * (started with `init` when missing — beside a SQLite store when none is named), or the environment variable,
 * whose new list is printed for the operator's secret store.
 */
function rotateKeys(values: VaultCliValues, init: boolean, io: CliIo): KeyProvider {
  const fresh = generateKey();
  const source = keySource(values, io);
  if (source.kind === 'env') {
    const ring = withCurrentKey(readEnvKeyRing({ env: io.env }), fresh.id, fresh.key);
    io.stdout(`${DEFAULT_KEYS_VARIABLE}=${formatKeyList(ring)}\n`);
    return createStaticKeyProvider(ring);
  }
  if (source.kind === 'none' && source.beside === undefined) throw new KeyConfigError(noKeysMessage(source));
  const path = source.kind === 'file' ? source.path : (source.beside ?? '');
  const exists = existsSync(path);
  if (!exists && !init)
    throw new KeyConfigError(
      `The key file ${displayPath(io.cwd, path)} does not exist; pass --init to create it.`,
    );
  writeKeyFile(path, exists ? withCurrentKey(readKeyFile(path), fresh.id, fresh.key) : startRing(fresh));
  if (!exists) io.stdout(`created the key file ${displayPath(io.cwd, path)} (mode 0600)\n`);
  return createKeyFileProvider(path);
}

/**
 * `airlock keys new`: prints a new key list for `$AIRLOCK_VAULT_KEYS` (`AIRLOCK_VAULT_KEYS=id:base64`, one fresh
 * 32-byte key marked current) on standard output, for the operator's secret store; touches no store or file.
 */
export const keysNewCommand: Command = defineCommand({
  path: ['keys', 'new'],
  summary: `Print a new evidence key list for $${DEFAULT_KEYS_VARIABLE} (no store or file is touched).`,
  usage: `usage: airlock keys new
  Prints ${DEFAULT_KEYS_VARIABLE}=ID:BASE64 — one fresh AES-256 key-encryption key, marked current. The
  variable holds comma-separated id:base64 entries (32 bytes each); a "*" before an id marks the current key
  (the first when none is marked). Keep the line in your secret store; anyone holding it can read the evidence.
  exit 0: printed; 2: a usage mistake.`,
  run(args, io) {
    if (args.length > 0) return Promise.resolve(usageError(io, 'keys new', 'takes no argument'));
    io.stdout(`${DEFAULT_KEYS_VARIABLE}=${formatKeyList(startRing(generateKey()))}\n`);
    return Promise.resolve(EXIT.ok);
  },
});

function startRing(fresh: { readonly id: string; readonly key: Uint8Array }): KeyRing {
  return buildKeyRing(fresh.id, [[fresh.id, fresh.key]]);
}

async function rewrapAndReport(vault: Vault, io: CliIo): Promise<number> {
  const report: RewrapReport = await vault.rewrap();
  io.stdout(
    `current key ${report.keyId}: re-wrapped ${report.rewrapped}, key unavailable ${report.keyUnavailable}, ` +
      `tampered ${report.tampered}, changed meanwhile ${report.raced}\n`,
  );
  return report.keyUnavailable + report.tampered === 0 ? EXIT.ok : EXIT.failed;
}

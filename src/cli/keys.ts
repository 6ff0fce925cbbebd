// `airlock keys rotate|rewrap`: make a new key-encryption key current and re-wrap every record's data key under it.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineVaultCommand } from './vault-command.js';
import { cliKeyProvider } from './vault-setup.js';
import type { VaultCliValues } from './vault-setup.js';
import { DEFAULT_KEYS_VARIABLE } from '../evidence/defaults.js';
import { formatKeyList, readEnvKeyRing } from '../evidence/keys-env.js';
import { createKeyFileProvider, readKeyFile, writeKeyFile } from '../evidence/keys-file.js';
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
import { EXIT } from './command.js';
import type { CliIo, Command } from './command.js';

/**
 * `airlock keys rotate`: generates a new key-encryption key, makes it current, then re-wraps every record's data
 * key under it (payloads untouched). With `--key-file` the file is rewritten atomically (mode 0600); with the
 * environment variable, the new key list is printed on stdout for the operator's secret store, since a process
 * cannot change its parent's environment. `--init` starts a new key ring when none exists. Exits 1 when some
 * record could not be re-wrapped.
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

/** Adds a new current key to the configured ring (or starts one with `init`) and returns a provider over it. */
function rotateKeys(values: VaultCliValues, init: boolean, io: CliIo): KeyProvider {
  const fresh = generateKey();
  const keyFile = values['key-file'];
  if (keyFile !== undefined) {
    const path = resolve(io.cwd, keyFile);
    const exists = existsSync(path);
    if (!exists && !init) throw new KeyConfigError('The key file does not exist; pass --init to create it.');
    writeKeyFile(path, exists ? withCurrentKey(readKeyFile(path), fresh.id, fresh.key) : startRing(fresh));
    return createKeyFileProvider(path);
  }
  const hasEnvKeys = (io.env[DEFAULT_KEYS_VARIABLE] ?? '').trim() !== '';
  if (!hasEnvKeys && !init)
    throw new KeyConfigError(`${DEFAULT_KEYS_VARIABLE} holds no keys; pass --init to start.`);
  const ring = hasEnvKeys
    ? withCurrentKey(readEnvKeyRing({ env: io.env }), fresh.id, fresh.key)
    : startRing(fresh);
  io.stdout(`${DEFAULT_KEYS_VARIABLE}=${formatKeyList(ring)}\n`);
  return createStaticKeyProvider(ring);
}

function startRing(fresh: { readonly id: string; readonly key: Uint8Array }): KeyRing {
  return buildKeyRing(fresh.id, [[fresh.id, fresh.key]]);
}

async function rewrapAndReport(vault: Vault, io: CliIo): Promise<number> {
  const report: RewrapReport = await vault.rewrap();
  io.stderr(
    `current key ${report.keyId}: re-wrapped ${report.rewrapped}, key unavailable ${report.keyUnavailable}, ` +
      `tampered ${report.tampered}, changed meanwhile ${report.raced}\n`,
  );
  return report.keyUnavailable + report.tampered === 0 ? EXIT.ok : EXIT.failed;
}

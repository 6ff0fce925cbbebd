// The built-in environment key provider: `id:base64,…` in one variable, a `*` marking the current key.
import { DEFAULT_KEYS_VARIABLE } from './defaults.js';
import { buildKeyRing, createStaticKeyProvider, decodeKey, KeyConfigError } from './keys.js';
import type { KeyProvider, KeyRing } from './keys.js';

/** Where {@link createEnvKeyProvider} looks. */
export interface EnvKeyOptions {
  /** The environment to read; `process.env` when absent. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The variable's name; `AIRLOCK_VAULT_KEYS` when absent. */
  readonly variable?: string;
}

/**
 * Parses a key list such as `k1:BASE64,*k2:BASE64`: comma-separated `id:base64` entries, the one marked `*`
 * current (the first when none is marked). Throws {@link KeyConfigError} on any mistake, naming ids only.
 */
export function parseKeyList(text: string): KeyRing {
  const entries: (readonly [string, Uint8Array])[] = [];
  let current: string | undefined;
  for (const item of text.split(',')) {
    const entry = item.trim();
    const colon = entry.indexOf(':');
    if (colon < 0)
      throw new KeyConfigError('Each key entry must be "id:base64" (with "*" before the current id).');
    const marked = entry.startsWith('*');
    const id = entry.slice(marked ? 1 : 0, colon);
    entries.push([id, decodeKey(id, entry.slice(colon + 1))]);
    if (marked) {
      if (current !== undefined) throw new KeyConfigError('Only one key may be marked current with "*".');
      current = id;
    }
  }
  return buildKeyRing(current ?? entries[0]?.[0] ?? '', entries);
}

/** Formats a key ring as a key list, the current key marked `*` (secret material: for a secret store only). */
export function formatKeyList(ring: KeyRing): string {
  return [...ring.keys]
    .map(([id, key]) => `${id === ring.current ? '*' : ''}${id}:${Buffer.from(key).toString('base64')}`)
    .join(',');
}

/** Reads the key ring from an environment variable once; throws {@link KeyConfigError} when absent or malformed. */
export function readEnvKeyRing(options: EnvKeyOptions = {}): KeyRing {
  const variable = options.variable ?? DEFAULT_KEYS_VARIABLE;
  const text = (options.env ?? process.env)[variable];
  if (text === undefined || text.trim() === '')
    throw new KeyConfigError(`The variable ${variable} holds no keys.`);
  return parseKeyList(text);
}

/** A key provider over the keys in an environment variable (read when created). */
export function createEnvKeyProvider(options: EnvKeyOptions = {}): KeyProvider {
  return createStaticKeyProvider(readEnvKeyRing(options));
}

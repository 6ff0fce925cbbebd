// Key-encryption keys: the KeyProvider interface, the checked in-memory key ring, and new key generation.
import { randomBytes } from 'node:crypto';
import { KEY_ID_PATTERN } from './defaults.js';
import { KEY_BYTES } from './envelope.js';

/**
 * Where the vault gets its key-encryption keys. New records are wrapped under the current key; older records
 * name the key that wrapped them. A KMS or secret manager plugs in by implementing these two calls.
 */
export interface KeyProvider {
  /** The id of the key new records are wrapped under. */
  currentKeyId(): Promise<string>;
  /** The 32-byte key with this id, or `undefined` when the provider does not hold it. */
  keyById(id: string): Promise<Uint8Array | undefined>;
}

/** A key configuration mistake (a malformed key list, a key of the wrong size, an unsafe key file). */
export class KeyConfigError extends Error {
  override readonly name = 'KeyConfigError';
}

/** A checked set of keys and the id of the current one. */
export interface KeyRing {
  /** The id new records are wrapped under. */
  readonly current: string;
  /** Every key by id, each exactly 32 bytes. */
  readonly keys: ReadonlyMap<string, Uint8Array>;
}

/** Checks a key id's shape; throws {@link KeyConfigError} (naming no key material) when it is malformed. */
export function assertKeyId(id: string): void {
  if (!KEY_ID_PATTERN.test(id)) throw new KeyConfigError('A key id must be 1 to 64 of A-Z a-z 0-9 . _ -.');
}

/** Decodes one base64 key of exactly 32 bytes; throws {@link KeyConfigError} naming the key id, never the key. */
export function decodeKey(id: string, base64: string): Uint8Array {
  const key = Buffer.from(base64, 'base64');
  const canonical = key.toString('base64');
  if (key.length !== KEY_BYTES || (base64 !== canonical && base64 !== canonical.replace(/=+$/, ''))) {
    key.fill(0);
    throw new KeyConfigError(`Key "${id}" must be ${KEY_BYTES} bytes in standard base64.`);
  }
  return key;
}

/** Builds a key ring from `[id, key]` pairs; throws {@link KeyConfigError} on any mistake. */
export function buildKeyRing(current: string, entries: Iterable<readonly [string, Uint8Array]>): KeyRing {
  const keys = new Map<string, Uint8Array>();
  for (const [id, key] of entries) {
    assertKeyId(id);
    if (keys.has(id)) throw new KeyConfigError(`Key id "${id}" appears twice.`);
    if (key.length !== KEY_BYTES) throw new KeyConfigError(`Key "${id}" must be ${KEY_BYTES} bytes.`);
    keys.set(id, key);
  }
  assertKeyId(current);
  if (!keys.has(current)) throw new KeyConfigError(`The current key "${current}" is not among the keys.`);
  return Object.freeze({ current, keys });
}

/** A provider over a fixed key ring: for applications that load keys themselves, and for tests. */
export function createStaticKeyProvider(ring: KeyRing): KeyProvider {
  const checked = buildKeyRing(ring.current, ring.keys);
  return Object.freeze({
    currentKeyId: () => Promise.resolve(checked.current),
    keyById: (id: string) => Promise.resolve(checked.keys.get(id)),
  });
}

/** A fresh random key-encryption key with a new, sortable id (`k` + time in base 36 + random hex). */
export function generateKey(now: number = Date.now()): { readonly id: string; readonly key: Uint8Array } {
  return { id: `k${now.toString(36)}-${randomBytes(4).toString('hex')}`, key: randomBytes(KEY_BYTES) };
}

/** Adds a key to a ring and makes it current. */
export function withCurrentKey(ring: KeyRing, id: string, key: Uint8Array): KeyRing {
  return buildKeyRing(id, [...ring.keys, [id, key] as const]);
}

/** The key with this id from the provider; throws {@link KeyConfigError} when the provider does not hold it. */
export async function requireKey(keys: KeyProvider, id: string): Promise<Uint8Array> {
  const key = await keys.keyById(id);
  if (key === undefined) throw new KeyConfigError(`The key provider does not hold its current key "${id}".`);
  return key;
}

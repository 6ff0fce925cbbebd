// Envelope encryption: AES-256-GCM payloads under a fresh data key, the data key wrapped by a key-encryption key.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** Bytes in an AES-256 key (data keys and key-encryption keys alike). */
export const KEY_BYTES = 32;
/** Bytes in an AES-GCM IV. */
export const IV_BYTES = 12;
/** Bytes in an AES-GCM tag. */
export const TAG_BYTES = 16;
/** Bytes in a wrapped data key: IV, encrypted key, tag. */
export const WRAPPED_KEY_BYTES = IV_BYTES + KEY_BYTES + TAG_BYTES;

/** A payload sealed with AES-256-GCM. */
export interface SealedPayload {
  readonly iv: Uint8Array;
  readonly ciphertext: Uint8Array;
  readonly tag: Uint8Array;
}

const ALGORITHM = 'aes-256-gcm';

/** A fresh random 256-bit data key. The caller zeroes it (`fill(0)`) once it is wrapped and used. */
export function newDataKey(): Buffer {
  return randomBytes(KEY_BYTES);
}

/** Seals bytes under a key with a fresh random IV, authenticating `aad` alongside. */
export function sealPayload(plaintext: Uint8Array, key: Uint8Array, aad: Uint8Array): SealedPayload {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, ciphertext, tag: cipher.getAuthTag() };
}

/**
 * Opens sealed bytes, or returns `undefined` when anything does not verify: a changed byte in the IV,
 * ciphertext, tag or AAD, a wrong key, or a malformed IV or tag length.
 */
export function openPayload(sealed: SealedPayload, key: Uint8Array, aad: Uint8Array): Buffer | undefined {
  if (sealed.iv.length !== IV_BYTES || sealed.tag.length !== TAG_BYTES || key.length !== KEY_BYTES)
    return undefined;
  const decipher = createDecipheriv(ALGORITHM, key, sealed.iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(aad);
  decipher.setAuthTag(sealed.tag);
  const head = decipher.update(sealed.ciphertext);
  try {
    const tail = decipher.final();
    return tail.length === 0 ? head : Buffer.concat([head, tail]);
  } catch {
    head.fill(0);
    return undefined;
  }
}

/** Wraps a data key under a key-encryption key: one buffer of IV, encrypted key and tag. */
export function wrapDataKey(dataKey: Uint8Array, kek: Uint8Array, aad: Uint8Array): Uint8Array {
  const sealed = sealPayload(dataKey, kek, aad);
  return Buffer.concat([sealed.iv, sealed.ciphertext, sealed.tag]);
}

/** Unwraps a data key, or returns `undefined` when the wrapped key, the key-encryption key or the AAD is wrong. */
export function unwrapDataKey(wrapped: Uint8Array, kek: Uint8Array, aad: Uint8Array): Buffer | undefined {
  if (wrapped.length !== WRAPPED_KEY_BYTES) return undefined;
  const sealed: SealedPayload = {
    iv: wrapped.subarray(0, IV_BYTES),
    ciphertext: wrapped.subarray(IV_BYTES, IV_BYTES + KEY_BYTES),
    tag: wrapped.subarray(IV_BYTES + KEY_BYTES),
  };
  const dataKey = openPayload(sealed, kek, aad);
  if (dataKey?.length === KEY_BYTES) return dataKey;
  dataKey?.fill(0);
  return undefined;
}

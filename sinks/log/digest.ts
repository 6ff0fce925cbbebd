// Stands a payload in for its size and SHA-256 digest, so a log line can match it without ever holding it.
import { createHash } from 'node:crypto';

/** What a payload field is logged as. */
export type PayloadDigest =
  { readonly bytes: number; readonly sha256: string } | { readonly unserialisable: true };

function digestBytes(bytes: Uint8Array): PayloadDigest {
  return { bytes: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/**
 * The size and SHA-256 (hex) of a payload: a string's UTF-8, a byte buffer's bytes, or any other value's JSON.
 * A value with no JSON form (a cycle, a BigInt) is logged as `{ unserialisable: true }`.
 */
export function payloadDigest(value: unknown): PayloadDigest {
  if (typeof value === 'string') return digestBytes(new TextEncoder().encode(value));
  if (value instanceof ArrayBuffer) return digestBytes(new Uint8Array(value));
  if (ArrayBuffer.isView(value))
    return digestBytes(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    json = undefined;
  }
  return json === undefined ? { unserialisable: true } : digestBytes(new TextEncoder().encode(json));
}

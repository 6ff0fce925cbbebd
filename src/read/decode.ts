// Strict UTF-8 decoding of a complete body, with the byte order mark policy applied first.

/** A decoded body, or why it could not be decoded (with the byte offset of the first bad byte). */
export type DecodeResult =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly code: 'read.invalid_utf8' | 'read.bom'; readonly offset: number };

const fatalDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Decodes UTF-8 fatally: any ill-formed sequence (overlong forms, surrogates, truncated sequences, bytes
 * above U+10FFFF) is a failure, never a replacement character. A leading BOM is refused or stripped.
 */
export function decodeUtf8(bytes: Uint8Array, bom: 'reject' | 'strip'): DecodeResult {
  let start = 0;
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    if (bom === 'reject') return { ok: false, code: 'read.bom', offset: 0 };
    start = 3;
  }
  try {
    return { ok: true, text: fatalDecoder.decode(start === 0 ? bytes : bytes.subarray(start)) };
  } catch {
    return { ok: false, code: 'read.invalid_utf8', offset: firstInvalidUtf8(bytes, start) };
  }
}

/** Bodies up to this size are decoded in one call; larger ones in pieces of this size. */
const PIECE_BYTES = 64 * 1024;

/**
 * {@link decodeUtf8} for a large body, in pieces, letting the event loop turn between two pieces when
 * `pause` says the current macrotask has had its share (`pause` resolves to false to stop: `undefined` is
 * returned). Any failure is decided by {@link decodeUtf8} over the whole body, so codes and offsets match.
 */
export async function decodeUtf8Paced(
  bytes: Uint8Array,
  bom: 'reject' | 'strip',
  pause: () => Promise<boolean> | undefined,
): Promise<DecodeResult | undefined> {
  if (bytes.length <= PIECE_BYTES) return decodeUtf8(bytes, bom);
  const hasBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  if (hasBom && bom === 'reject') return decodeUtf8(bytes, bom);
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  const parts: string[] = [];
  try {
    for (let at = hasBom ? 3 : 0; at < bytes.length; at += PIECE_BYTES) {
      const pausing = at === 0 ? undefined : pause();
      if (pausing !== undefined && !(await pausing)) return undefined;
      parts.push(decoder.decode(bytes.subarray(at, at + PIECE_BYTES), { stream: true }));
    }
    parts.push(decoder.decode());
  } catch {
    return decodeUtf8(bytes, bom);
  }
  return { ok: true, text: parts.join('') };
}

/** Offset of the first byte that does not begin a well-formed UTF-8 sequence (Unicode Table 3-7). */
function firstInvalidUtf8(bytes: Uint8Array, start: number): number {
  let i = start;
  while (i < bytes.length) {
    const length = wellFormedLength(bytes, i);
    if (length === 0) return i;
    i += length;
  }
  return bytes.length;
}

function wellFormedLength(bytes: Uint8Array, i: number): number {
  const b0 = bytes[i] ?? 0;
  if (b0 < 0x80) return 1;
  const inRange = (k: number, lo: number, hi: number): boolean => {
    const b = bytes[i + k];
    return b !== undefined && b >= lo && b <= hi;
  };
  if (b0 >= 0xc2 && b0 <= 0xdf) return inRange(1, 0x80, 0xbf) ? 2 : 0;
  if (b0 >= 0xe0 && b0 <= 0xef) {
    const lo = b0 === 0xe0 ? 0xa0 : 0x80;
    const hi = b0 === 0xed ? 0x9f : 0xbf;
    return inRange(1, lo, hi) && inRange(2, 0x80, 0xbf) ? 3 : 0;
  }
  if (b0 >= 0xf0 && b0 <= 0xf4) {
    const lo = b0 === 0xf0 ? 0x90 : 0x80;
    const hi = b0 === 0xf4 ? 0x8f : 0xbf;
    return inRange(1, lo, hi) && inRange(2, 0x80, 0xbf) && inRange(3, 0x80, 0xbf) ? 4 : 0;
  }
  return 0;
}

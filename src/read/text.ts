// Reads a string body: well-formed UTF-16 required, measured by its UTF-8 length against the ceilings.
import type { ReadLimits } from '../vocabulary/limits.js';
import { readError, readFailure, type ReadResult } from './result.js';
import type { TransportVerdict } from './transport.js';

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const encoder = new TextEncoder();

/**
 * Reads a string as if it were the UTF-8 bytes it encodes to. The checks run in the same order as for bytes:
 * transport verdict, ceilings, then encoding (a lone surrogate is `read.invalid_utf8` at its UTF-8 offset),
 * then the BOM policy (a leading U+FEFF). The evidence is the string's UTF-8 encoding cut at the raw ceiling;
 * a lone surrogate appears there as U+FFFD, since such a string has no exact byte form.
 */
export function readText(text: string, verdict: TransportVerdict, limits: ReadLimits): ReadResult {
  const length = Buffer.byteLength(text, 'utf8');
  const raw = encodeAtMost(text, Math.min(length, limits.maxRawBytes));
  if (!verdict.ok) return readFailure(verdict.error, raw);
  // A string has no compressed form: a content coding on it cannot be honoured.
  if (verdict.coding !== 'identity') return readFailure(readError('read.content_encoding'), raw);
  if (length > limits.maxRawBytes) {
    return readFailure(readError('read.too_large', { limit: limits.maxRawBytes, actual: length }), raw);
  }
  if (length > limits.maxDecodedBytes) {
    return readFailure(
      readError('read.decompressed_too_large', { limit: limits.maxDecodedBytes, actual: length }),
      raw,
    );
  }
  const lone = LONE_SURROGATE.exec(text);
  if (lone !== null) {
    const offset = Buffer.byteLength(text.slice(0, lone.index), 'utf8');
    return readFailure(readError('read.invalid_utf8', { offset }), raw);
  }
  let body = text;
  if (text.charCodeAt(0) === 0xfeff) {
    if (limits.bom === 'reject') return readFailure(readError('read.bom', { offset: 0 }), raw);
    body = text.slice(1);
  }
  return { ok: true, text: body, raw, rawBytes: length, decodedBytes: length };
}

/** The UTF-8 encoding of `text`, cut at a character boundary so it holds at most `maxBytes` bytes. */
function encodeAtMost(text: string, maxBytes: number): Uint8Array {
  const out = new Uint8Array(maxBytes);
  const { written } = encoder.encodeInto(text, out);
  return written === maxBytes ? out : out.slice(0, written);
}

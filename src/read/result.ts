// What the read stage returns: the decoded text or a typed failure, always with the raw bytes kept as evidence.
import type { DETAIL_CODES } from '../vocabulary/codes.js';

/** A detailed failure code of the read stage. */
export type ReadCode = (typeof DETAIL_CODES.read)[number];

/** Why a body was refused. Codes, sizes, offsets and status only: never a fragment of the body. */
export interface ReadError {
  /** The detailed code, such as `read.too_large`. */
  readonly code: ReadCode;
  /** The limit that was crossed (bytes, or milliseconds for `read.timeout`). */
  readonly limit?: number;
  /** The amount reached when the limit was crossed. */
  readonly actual?: number;
  /** Byte offset of the fault in the decoded body (UTF-8 and BOM faults), or in the raw body (trailing data). */
  readonly offset?: number;
  /** The upstream status code, when the transport supplied one. */
  readonly status?: number;
  /** Whether the same request may succeed if tried again. */
  readonly retryable: boolean;
}

/**
 * The outcome of reading one body. `raw` is the bytes as received (still compressed, if they were), cut at
 * the raw ceiling: the evidence vault keeps them for every response, accepted or rejected. It is a fresh
 * array that shares memory with nothing else.
 */
export type ReadResult =
  | {
      readonly ok: true;
      /** The body, strictly decoded as UTF-8, with the BOM policy applied. */
      readonly text: string;
      readonly raw: Uint8Array;
      /** Bytes received. */
      readonly rawBytes: number;
      /** Bytes after decompression (equal to `rawBytes` for an uncompressed body). */
      readonly decodedBytes: number;
    }
  | { readonly ok: false; readonly error: ReadError; readonly raw: Uint8Array; readonly rawBytes: number };

/** The facts that may accompany a failure code. */
export interface ReadErrorDetails {
  readonly limit?: number;
  readonly actual?: number;
  readonly offset?: number;
  readonly status?: number;
}

/** Status codes that say "try again later" (RFC 9110 and RFC 6585): timeouts, rate limits, overload, gateways. */
export const RETRYABLE_STATUSES: readonly number[] = Object.freeze([408, 425, 429, 500, 502, 503, 504]);

/** Failures that are transient by nature; `read.status` is decided by {@link RETRYABLE_STATUSES} instead. */
const RETRYABLE_CODES: ReadonlySet<ReadCode> = new Set<ReadCode>(['read.timeout', 'read.stream_error']);

/** Builds a {@link ReadError}, deciding `retryable` from the code (and the status, for `read.status`). */
export function readError(code: ReadCode, details: ReadErrorDetails = {}): ReadError {
  const retryable =
    code === 'read.status'
      ? details.status !== undefined && RETRYABLE_STATUSES.includes(details.status)
      : RETRYABLE_CODES.has(code);
  return Object.freeze({ code, ...details, retryable });
}

/** A failed {@link ReadResult} carrying the evidence collected so far. */
export function readFailure(error: ReadError, raw: Uint8Array): ReadResult {
  return { ok: false, error, raw, rawBytes: raw.length };
}

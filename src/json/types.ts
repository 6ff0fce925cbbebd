// The value and result types of the strict JSON parser.
import type { DETAIL_CODES } from '../vocabulary/codes.js';

/** A value the strict parser can produce: exactly the JSON data model. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [name: string]: JsonValue };

/** A detailed code the parser reports (one of the `parse.*` codes). */
export type ParseErrorCode = (typeof DETAIL_CODES)['parse'][number];

/**
 * Why a text was refused. Locations and sizes only: never a fragment of the input.
 * `offset` is a UTF-8 byte offset into the text (a lone surrogate, which has no UTF-8 form, counts as the
 * three bytes of its generalized UTF-8 encoding); `pointer` is the redacted JSON pointer of the value being
 * read when the failure was found (the enclosing container when it was found between values).
 */
export interface ParseError {
  /** What went wrong. */
  readonly code: ParseErrorCode;
  /** UTF-8 byte offset of the character where the failure was found (the text's byte length at its end). */
  readonly offset: number;
  /** Redacted JSON pointer of the value being read when the failure was found. */
  readonly pointer: string;
  /** The limit that was crossed, for the limit codes. */
  readonly limit?: number;
  /** The size reached when the limit was crossed. */
  readonly actual?: number;
}

/** The outcome of `parseJson`: a value, or a structured error. */
export type ParseResult =
  { readonly ok: true; readonly value: JsonValue } | { readonly ok: false; readonly error: ParseError };

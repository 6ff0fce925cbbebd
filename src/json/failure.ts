// Turns a scanner failure (code-unit index, exact path) into a ParseError (byte offset, redacted pointer).
import { Buffer } from 'node:buffer';
import { redactPointer } from '../vocabulary/pointer.js';
import type { DeclaredNames, PointerSegment } from '../vocabulary/pointer.js';
import type { ParseError, ParseErrorCode } from './types.js';

/** Where and why the scanner stopped, in the scanner's own terms. */
export interface ScanFailure {
  readonly code: ParseErrorCode;
  /** Index of the UTF-16 code unit where the failure was found (the text's length at its end). */
  readonly index: number;
  /** Exact path of the value being read; redacted before it leaves the parser. */
  readonly path: readonly PointerSegment[];
  readonly limit?: number;
  readonly actual?: number;
}

/**
 * The public error for a failure, computed only on the failure path: the offset is the UTF-8 length of the
 * text before the failing code unit (Node counts a lone surrogate as the three bytes of U+FFFD, as
 * generalized UTF-8 would), and the path is redacted so that no member name chosen by the input survives.
 */
export function toParseError(text: string, failure: ScanFailure, declared?: DeclaredNames): ParseError {
  const { code, limit, actual } = failure;
  const offset = Buffer.byteLength(text.slice(0, failure.index), 'utf8');
  const pointer = redactPointer(failure.path, declared);
  if (limit === undefined || actual === undefined) return { code, offset, pointer };
  return { code, offset, pointer, limit, actual };
}

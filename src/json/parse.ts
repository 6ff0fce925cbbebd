// parseJson: strict RFC 8259 parsing under limits, returning a value or a structured error, never throwing.
import { DEFAULT_LIMITS } from '../vocabulary/limits.js';
import type { ParseLimits } from '../vocabulary/limits.js';
import type { DeclaredNames } from '../vocabulary/pointer.js';
import { withCodeUnits } from './code-units.js';
import { toParseError } from './failure.js';
import { scanJson } from './scanner.js';
import type { JsonValue, ParseError, ParseResult } from './types.js';

/**
 * Parses `text` as exactly one RFC 8259 JSON value under `limits` (merged over `DEFAULT_LIMITS.parse`).
 *
 * Refused, each with its `parse.*` code, the UTF-8 byte offset and the redacted pointer of the first failure
 * in text order: anything outside the RFC grammar (comments, trailing commas, `NaN`, leading zeros, single
 * quotes, a byte order mark, whitespace other than space, tab, line feed and carriage return, raw control
 * characters in strings, unknown escapes, text after the value); duplicate member names, compared after
 * unescaping; lone surrogates, escaped or raw; integer literals beyond ±(2^53−1) unless `unsafeIntegers` is
 * `'allow'`; numbers that overflow to ±Infinity; and any crossed limit (a limit that is not a number refuses
 * every document it governs). `-0` is kept.
 *
 * Objects in the result have `Object.prototype` as their prototype, exactly as `JSON.parse` builds them:
 * every member, `__proto__`, `constructor` and `prototype` included, is an own data property, so no result
 * can reach or change a prototype. Never throws, whatever the text or the limits; nesting is never held on
 * the call stack. With `declared` (a contract's member names), a failure's pointer shows only those names
 * verbatim; without it, plain identifiers are kept (see `redactPointer`).
 */
export function parseJson(
  text: string,
  limits?: Partial<ParseLimits>,
  declared?: DeclaredNames,
): ParseResult {
  const error = checkJson(text, limits, declared);
  return error === undefined ? buildJson(text) : { ok: false, error };
}

/**
 * The first half of {@link parseJson}: the strict scan alone. `undefined` when `text` is strict JSON within
 * `limits`, and then {@link buildJson} may build it (possibly on a later macrotask).
 */
export function checkJson(
  text: string,
  limits?: Partial<ParseLimits>,
  declared?: DeclaredNames,
): ParseError | undefined {
  const resolved: ParseLimits =
    limits === undefined ? DEFAULT_LIMITS.parse : { ...DEFAULT_LIMITS.parse, ...limits };
  const failure = withCodeUnits(text, (units) => scanJson(text, units, resolved));
  return failure === undefined ? undefined : toParseError(text, failure, declared);
}

/** The second half of {@link parseJson}: builds the value of a text that {@link checkJson} accepted. */
export function buildJson(text: string): ParseResult {
  // The scan has proved the text is strict JSON within the limits; V8's JSON.parse, which is iterative and
  // defines every member as an own data property, builds the value. It accepts a superset of what passed.
  try {
    return { ok: true, value: JSON.parse(text) as JsonValue };
  } catch {
    // Unreachable for text the scan accepted; kept so that a scanner defect can never surface as a throw.
    return { ok: false, error: { code: 'parse.syntax', offset: 0, pointer: '' } };
  }
}

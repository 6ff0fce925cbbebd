// Test helpers: the error of a text the parser must refuse, or the value of one it must accept.
import type { ParseLimits } from '../../src/vocabulary/limits.js';
import { parseJson } from '../../src/json/parse.js';
import type { JsonValue, ParseError } from '../../src/json/types.js';

/** The error for a text that must be refused; throws (failing the test) if it was accepted. */
export function errorOf(text: string, limits?: Partial<ParseLimits>): ParseError {
  const result = parseJson(text, limits);
  if (result.ok) throw new Error('expected the text to be refused');
  return result.error;
}

/** The value of a text that must be accepted; throws (failing the test) if it was refused. */
export function valueOf(text: string, limits?: Partial<ParseLimits>): JsonValue {
  const result = parseJson(text, limits);
  if (!result.ok) throw new Error(`expected the text to be accepted (${result.error.code})`);
  return result.value;
}

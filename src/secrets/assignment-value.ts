// The value side of a key/value assignment: where it starts and ends on its line, and whether it is a credential.
import { madeOfWordsAndNumbers, readsAsCode } from './code-shapes.js';
import type { KeyClass } from './keys.js';
import {
  charClasses,
  COMMON_VALUES,
  isIdentifierLookalike,
  looksLikeWords,
  shannonEntropy,
} from './plausible.js';
import { countedPlaceholder, isPlaceholder } from './placeholders.js';
import { hasProviderPrefix } from './token-rules.js';

const MAX_VALUE = 2048;

/** Start of the line that holds `at`, looking back at most `limit` code units (then -1: too far). */
export function lineStartWithin(text: string, at: number, limit: number): number {
  for (let i = at; i > 0 && at - i <= limit; i--) {
    const c = text.charCodeAt(i - 1);
    if (c === 10 || c === 13) return i;
  }
  return at <= limit ? 0 : -1;
}

/** End of the line that holds `at` (index of the line break, or the text's end). */
export function lineEnd(text: string, at: number, limit: number): number {
  for (let i = at; i < limit; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) return i;
  }
  return limit;
}

/** The extent of a quoted value opened by `quote` (with or without a backslash) at `at`, on one line. */
export function quotedValue(
  text: string,
  at: number,
  quote: string,
  to: number,
): { start: number; end: number } | null {
  const start = at + quote.length;
  const stop = Math.min(to, start + MAX_VALUE);
  const escaped = quote.length === 2;
  const mark = quote.charAt(quote.length - 1);
  for (let i = start; i < stop; i++) {
    const c = text.charAt(i);
    if (c === '\n' || c === '\r') return null;
    if (escaped) {
      if (c === '\\' && text.charAt(i + 1) === mark) return { start, end: i };
      if (c === '\\') i++;
      continue;
    }
    if (c === '\\' && mark !== '`') {
      i++;
      continue;
    }
    if (c === mark) return { start, end: i };
  }
  return null;
}

const JSON_ESCAPE_STOP = /\\[nrt"'u]/y;
const URL_VALUE_END = /[)\]}<>"'`#|\\]/;
const CLOSERS: Readonly<Record<string, string>> = Object.freeze({ ')': '(', ']': '[', '}': '{' });

function count(text: string, char: string): number {
  let n = 0;
  for (const c of text) if (c === char) n++;
  return n;
}

/** Trims trailing separators and unbalanced closing brackets from an unquoted value's end. */
function trimUnquoted(text: string, start: number, end: number): number {
  let stop = end;
  for (;;) {
    const last = text.charAt(stop - 1);
    if (stop > start && /[,;'"`]/.test(last)) {
      stop--;
      continue;
    }
    const opener = CLOSERS[last];
    if (stop > start && opener !== undefined) {
      const value = text.slice(start, stop);
      if (count(value, last) > count(value, opener)) {
        stop--;
        continue;
      }
    }
    return stop;
  }
}

/** The extent of an unquoted value at `at`: one word, or the rest of the line when the key starts the line;
 * after a query or connection-string separator it also stops at `&` and `;`. */
export function unquotedValue(
  text: string,
  at: number,
  to: number,
  restOfLine: boolean,
  separator: string,
): { start: number; end: number } {
  // The line's end is found on the way (not up front): a value is usually far shorter than its line.
  const stop = Math.min(to, at + MAX_VALUE);
  let end = at;
  while (end < stop) {
    const c = text.charCodeAt(end);
    if (c === 10 || c === 13 || (!restOfLine && (c === 32 || c === 9))) break;
    if (restOfLine && c === 35 && (text.charCodeAt(end - 1) === 32 || text.charCodeAt(end - 1) === 9)) break;
    if (c === 92) {
      JSON_ESCAPE_STOP.lastIndex = end;
      if (JSON_ESCAPE_STOP.test(text)) break;
    }
    // In a URL query the value ends at its separator, or at what ends the URL (`)` of a markdown link, a quote).
    if (separator !== '' && (c === 38 || c === 59 || URL_VALUE_END.test(text.charAt(end)))) break;
    if (c === 60 && text.charCodeAt(end + 1) === 47) break;
    end++;
  }
  while (end > at && /\s/.test(text.charAt(end - 1))) end--;
  return { start: at, end: trimUnquoted(text, at, end) };
}

/** Lower-case words joined by dashes or underscores: a name, not a credential. */
const JOINED_WORDS = /^[a-z]{3,}(?:[-_][a-z]{3,})+$/;
/** Three or more lower-case words separated by single blanks: prose, not a credential. */
const PHRASE = /^[a-z']+(?: [a-z']+){2,}$/;

/** Where a value was written: `code` (may name a variable), `literal` (quoted, or in a connection string), or
 * `markup` (the text of an XML element, which holds no code). */
export type ValueContext = 'code' | 'literal' | 'markup';

/**
 * True when an assignment value under a key of the given class reads as a real credential. A `literal` value
 * cannot be a variable's name, so joined words pass as a password there; a `markup` value is never code.
 */
export function plausibleValue(value: string, kind: KeyClass, context: ValueContext = 'code'): boolean {
  if (value.length < 3 || !/[A-Za-z0-9]/.test(value)) return false;
  if (countedPlaceholder(value)) return true;
  if (COMMON_VALUES.has(value.toLowerCase()) || isPlaceholder(value) || hasProviderPrefix(value))
    return false;
  const joined = JOINED_WORDS.test(value);
  if (joined && kind === 'password' && context !== 'code') return true;
  if ((context !== 'markup' && readsAsCode(value)) || PHRASE.test(value) || joined) return false;
  // Words joined into a route or a URN (`cms/sites/passwords#update`, `grant-type:jwt-bearer`) name something;
  // a password may be `user:pass`.
  if (madeOfWordsAndNumbers(value) && (value.includes('/') || (kind !== 'password' && value.includes(':'))))
    return false;
  if (kind === 'password') return value.length >= 4;
  if (kind === 'access-id' && isIdentifierLookalike(value)) return false;
  if (value.length < 10 || shannonEntropy(value) < 2.6) return false;
  const classes = charClasses(value);
  if (/^`|\$\(/.test(value) || (classes.digit === 0 && looksLikeWords(value))) return false;
  if (classes.digit === 0 && classes.upper === 0 && /^[a-z]+(?:[_.-][a-z]+)*$/.test(value)) return false;
  return true;
}

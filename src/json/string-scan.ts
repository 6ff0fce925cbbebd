// Scans one JSON string literal: RFC 8259 escapes, control characters, surrogates, and its unescaped length.
import type { CodeUnits } from './code-units.js';
import type { ParseErrorCode } from './types.js';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LOW_U = 0x75;

/**
 * Code units that end a run of plain string content: controls, `"`, `\` and surrogates (checked for pairs).
 */
const STOPS: Readonly<Uint8Array> = (() => {
  const table = new Uint8Array(0x10000);
  table.fill(1, 0, 0x20);
  table[QUOTE] = 1;
  table[BACKSLASH] = 1;
  table.fill(1, 0xd800, 0xe000);
  return table;
})();

/** Code units that stand for themselves after a backslash (`" \ / b f n r t`). */
const SIMPLE_ESCAPES: Readonly<Uint8Array> = (() => {
  const table = new Uint8Array(128);
  for (const c of '"\\/bfnrt') table[c.charCodeAt(0)] = 1;
  return table;
})();

const INVALID = -1;
const ENDED = -2;

/**
 * A reusable string scanner over one text. After {@link StringScanner.scan} succeeds, `end` is the index
 * after the closing quote, `escaped` says whether the literal held an escape and `length` is its length in
 * UTF-16 code units once unescaped. After it fails, `failCode` and `failAt` say why and where. Reused across
 * the strings of one parse so that scanning a string allocates nothing.
 */
export class StringScanner {
  end = 0;
  escaped = false;
  length = 0;
  failCode: ParseErrorCode = 'parse.syntax';
  failAt = 0;
  private readonly units: Uint16Array;
  private readonly textLength: number;

  /** Scans string literals of `text`. */
  constructor(text: CodeUnits) {
    this.units = text.units;
    this.textLength = text.length;
  }

  /** Scans the literal whose opening quote is at `start`; true when it is well formed. */
  scan(start: number): boolean {
    // Most literals are plain content up to their closing quote: this short path is small enough for the
    // compiler to inline where strings are read; escapes, surrogates and failures take the long one.
    const i = skipPlain(this.units, start + 1);
    if (this.units[i] !== QUOTE) return this.scanFrom(start, i);
    this.end = i + 1;
    this.escaped = false;
    this.length = i - start - 1;
    return true;
  }

  /** {@link scan} from `stop`, the first code unit after `start` that is not plain content. */
  private scanFrom(start: number, stop: number): boolean {
    const units = this.units;
    let i = stop;
    let saved = 0;
    let escaped = false;
    for (let c = units[i] as number; c !== QUOTE; c = units[i] as number) {
      if (c === BACKSLASH) {
        const length = this.escapeLength(i);
        if (length === 0) return false;
        escaped = true;
        saved += length === 12 ? 10 : length - 1;
        i += length;
      } else if (c >= 0xd800) {
        // A surrogate: only a high one followed by a low one is a character.
        const paired = c <= 0xdbff && isLowSurrogate(units[i + 1] as number);
        if (!paired) return this.fail('parse.lone_surrogate', i);
        i += 2;
      } else if (i >= this.textLength) {
        return this.fail('parse.unexpected_end', this.textLength);
      } else {
        return this.fail('parse.control_character', i);
      }
      i = skipPlain(units, i);
    }
    this.end = i + 1;
    this.escaped = escaped;
    this.length = i - start - 1 - saved;
    return true;
  }

  /** Length of the escape at `i` (2, 6, or 12 for a surrogate pair), or 0 after recording a failure. */
  private escapeLength(i: number): number {
    const units = this.units;
    if (i + 1 >= this.textLength) return this.failEscape('parse.unexpected_end', this.textLength);
    const next = units[i + 1] as number;
    if (next < 128 && SIMPLE_ESCAPES[next] === 1) return 2;
    if (next !== LOW_U) return this.failEscape('parse.invalid_escape', i);
    const code = this.hex4(i + 2);
    if (code === ENDED) return this.failEscape('parse.unexpected_end', this.textLength);
    if (code === INVALID) return this.failEscape('parse.invalid_escape', i);
    if (code < 0xd800 || code > 0xdfff) return 6;
    // A high surrogate escape must be followed at once by a complete low surrogate escape.
    if (code <= 0xdbff && units[i + 6] === BACKSLASH && i + 7 < this.textLength && units[i + 7] === LOW_U) {
      if (isLowSurrogate(this.hex4(i + 8))) return 12;
    }
    return this.failEscape('parse.lone_surrogate', i);
  }

  /**
   * The four hex digits at `at`, or {@link INVALID} for a non-hex digit, or {@link ENDED} if the text ends
   * first.
   */
  private hex4(at: number): number {
    let value = 0;
    for (let k = at; k < at + 4; k++) {
      if (k >= this.textLength) return ENDED;
      const digit = hexDigit(this.units[k] as number);
      if (digit < 0) return INVALID;
      value = value * 16 + digit;
    }
    return value;
  }

  private fail(code: ParseErrorCode, at: number): false {
    this.failCode = code;
    this.failAt = at;
    return false;
  }

  private failEscape(code: ParseErrorCode, at: number): 0 {
    this.fail(code, at);
    return 0;
  }
}

/**
 * The index of the first code unit at or after `i` that ends a run of plain string content (see
 * {@link STOPS}), four code units per turn (measurably faster than one or two); the sentinel 0 after the
 * text ends the loop at the latest.
 */
function skipPlain(units: Uint16Array, i: number): number {
  let c = units[i] as number;
  while (STOPS[c] === 0) {
    c = units[++i] as number;
    if (STOPS[c] !== 0) break;
    c = units[++i] as number;
    if (STOPS[c] !== 0) break;
    c = units[++i] as number;
    if (STOPS[c] !== 0) break;
    c = units[++i] as number;
  }
  return i;
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

function hexDigit(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const lower = c | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x57 : -1;
}

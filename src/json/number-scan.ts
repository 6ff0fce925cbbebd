// Scans one JSON number literal: RFC 8259 grammar, overflow to Infinity, and integers beyond ±(2^53−1).
import type { CodeUnits } from './code-units.js';
import type { ParseErrorCode } from './types.js';

const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;
/** Integer parts with more digits than this may overflow a double (the largest finite double has 309). */
const FINITE_INTEGER_DIGITS = 308;
/** Integer literals with fewer digits than this are always safe integers (2^53 has 16 digits). */
const SAFE_INTEGER_DIGITS = 16;

function isDigit(c: number): boolean {
  return c >= ZERO && c <= NINE;
}

/**
 * A reusable number scanner over one text. After {@link NumberScanner.scan} succeeds, `end` is the index
 * after the literal; after it fails, `failCode` and `failAt` say why and where.
 */
export class NumberScanner {
  end = 0;
  failCode: ParseErrorCode = 'parse.syntax';
  failAt = 0;
  private readonly text: string;
  private readonly units: Uint16Array;
  private readonly rejectUnsafeIntegers: boolean;

  /** Scans number literals of `text` (whose code units are `units`), refusing unsafe integers when asked. */
  constructor(text: string, units: CodeUnits, rejectUnsafeIntegers: boolean) {
    this.text = text;
    this.units = units.units;
    this.rejectUnsafeIntegers = rejectUnsafeIntegers;
  }

  /**
   * Scans the literal that starts at `start` (a `-` or a digit); true when it is well formed and in range.
   */
  scan(start: number): boolean {
    // Digit loops stop at the sentinel 0 after the text at the latest.
    const units = this.units;
    let i = start;
    let c = units[i] as number;
    if (c === MINUS) c = units[++i] as number;
    const integerStart = i;
    if (c === ZERO) c = units[++i] as number;
    else if (isDigit(c)) while (isDigit(c)) c = units[++i] as number;
    else return this.failDigit(i);
    const integerDigits = i - integerStart;
    let isInteger = true;
    let hasExponent = false;
    if (c === DOT) {
      isInteger = false;
      c = units[++i] as number;
      if (!isDigit(c)) return this.failDigit(i);
      while (isDigit(c)) c = units[++i] as number;
    }
    if ((c | 0x20) === 0x65) {
      isInteger = false;
      hasExponent = true;
      c = units[++i] as number;
      if (c === PLUS || c === MINUS) c = units[++i] as number;
      if (!isDigit(c)) return this.failDigit(i);
      while (isDigit(c)) c = units[++i] as number;
    }
    this.end = i;
    if (hasExponent || integerDigits > FINITE_INTEGER_DIGITS) {
      if (!Number.isFinite(this.valueOf(start, i))) return this.fail('parse.number_overflow', start);
    }
    if (isInteger && integerDigits >= SAFE_INTEGER_DIGITS && this.rejectUnsafeIntegers) {
      if (!Number.isSafeInteger(this.valueOf(start, i))) return this.fail('parse.unsafe_integer', start);
    }
    return true;
  }

  /** The value of the literal spanning `[start, end)`. */
  private valueOf(start: number, end: number): number {
    return Number(this.text.slice(start, end));
  }

  /** A digit was required at `i`: the text ended there, or something else stands there. */
  private failDigit(i: number): false {
    return i >= this.text.length
      ? this.fail('parse.unexpected_end', this.text.length)
      : this.fail('parse.syntax', i);
  }

  private fail(code: ParseErrorCode, at: number): false {
    this.failCode = code;
    this.failAt = at;
    return false;
  }
}

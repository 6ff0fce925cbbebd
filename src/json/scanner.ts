// The strict validating scanner: one iterative pass enforcing RFC 8259 and every parse limit.
import type { ParseLimits } from '../vocabulary/limits.js';
import type { PointerSegment } from '../vocabulary/pointer.js';
import type { CodeUnits } from './code-units.js';
import type { ScanFailure } from './failure.js';
import { decodeName, MemberNames } from './member-names.js';
import { NumberScanner } from './number-scan.js';
import { StringScanner } from './string-scan.js';
import { literalLength, skipWhitespace } from './tokens.js';
import type { ParseErrorCode } from './types.js';

const QUOTE = 0x22;
const COMMA = 0x2c;
const MINUS = 0x2d;
const COLON = 0x3a;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * Checks that `text` (whose code units are `units`) is exactly one RFC 8259 JSON value within `limits`,
 * without building it. Returns the first failure in text order, or `undefined` when the text is acceptable.
 * Iterative (the nesting lives in arrays, not on the call stack), so any input and any limits are safe. Never
 * throws.
 */
export function scanJson(text: string, units: CodeUnits, limits: ParseLimits): ScanFailure | undefined {
  return new Scan(text, units, limits).run();
}

/**
 * The state of one scan. Level `d` (0-based) describes the container opened at nesting depth `d + 1`.
 * Limits are compared as `!(count <= limit)`, so a limit that is not a number refuses instead of admitting.
 */
class Scan {
  private readonly text: string;
  private readonly units: Uint16Array;
  private readonly length: number;
  private readonly maxDepth: number;
  private readonly maxMembers: number;
  private readonly maxItems: number;
  private readonly maxStringLength: number;
  private readonly maxNodes: number;
  private readonly strings: StringScanner;
  private readonly numbers: NumberScanner;
  /** Per level: true for an object, false for an array. */
  private readonly isObject: boolean[] = [];
  /** Per level: members or items started so far. */
  private readonly counts: number[] = [];
  /**
   * Per level: the index being read (arrays) or the offset of its member name (objects); -1 before the first
   * value. Set to -1 between values only when a failure is reported there (it is not needed otherwise).
   */
  private readonly current: number[] = [];
  /** The member names of every open object. */
  private readonly names = new MemberNames();
  private depth = 0;

  constructor(text: string, units: CodeUnits, limits: ParseLimits) {
    this.text = text;
    this.units = units.units;
    this.length = units.length;
    this.maxDepth = limits.maxDepth;
    this.maxMembers = limits.maxMembers;
    this.maxItems = limits.maxItems;
    this.maxStringLength = limits.maxStringLength;
    this.maxNodes = limits.maxNodes;
    this.strings = new StringScanner(units);
    this.numbers = new NumberScanner(text, units, limits.unsafeIntegers !== 'allow');
  }

  run(): ScanFailure | undefined {
    const { units, length, maxNodes, maxDepth, maxStringLength, strings, numbers, isObject, current } = this;
    let nodes = 0;
    let i = 0;
    value: for (;;) {
      i = skipWhitespace(units, i);
      if (!(++nodes <= maxNodes)) return this.fail('parse.nodes', i, maxNodes, nodes);
      const c = units[i] as number;
      if (c === QUOTE) {
        if (!strings.scan(i)) return this.fail(strings.failCode, strings.failAt);
        if (!(strings.length <= maxStringLength)) return this.stringTooLong(i);
        i = strings.end;
      } else if (c === MINUS || (c >= 0x30 && c <= 0x39)) {
        if (!numbers.scan(i)) return this.fail(numbers.failCode, numbers.failAt);
        i = numbers.end;
      } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
        const depth = this.depth + 1;
        if (!(depth <= maxDepth)) return this.fail('parse.depth', i, maxDepth, depth);
        const opensObject = c === OPEN_OBJECT;
        this.open(opensObject);
        i = skipWhitespace(units, i + 1);
        if (units[i] !== (opensObject ? CLOSE_OBJECT : CLOSE_ARRAY)) {
          const next = opensObject ? this.member(i) : this.item(i);
          if (typeof next !== 'number') return next;
          i = next;
          continue value;
        }
        this.close(depth - 1);
        i++;
      } else {
        const literal = literalLength(this.text, c, i);
        if (literal === 0) return this.failUnexpected(i);
        i += literal;
      }
      // A value is complete: close finished containers, then start the next member or item.
      for (;;) {
        const level = this.depth - 1;
        i = skipWhitespace(units, i);
        if (level < 0) return i === length ? undefined : this.fail('parse.syntax', i);
        const next = units[i] as number;
        if (next === COMMA) {
          const start = skipWhitespace(units, i + 1);
          const after = isObject[level] === true ? this.member(start) : this.item(start);
          if (typeof after !== 'number') return after;
          i = after;
          continue value;
        }
        if (next !== (isObject[level] === true ? CLOSE_OBJECT : CLOSE_ARRAY)) {
          current[level] = -1;
          return this.failUnexpected(i);
        }
        this.close(level);
        i++;
      }
    }
  }

  /** Closes the container at `level`, the innermost one. */
  private close(level: number): void {
    if (this.isObject[level] === true) this.names.close();
    this.depth = level;
  }

  private open(opensObject: boolean): void {
    const level = this.depth++;
    this.isObject[level] = opensObject;
    this.counts[level] = 0;
    this.current[level] = -1;
    if (opensObject) this.names.open();
  }

  /** Starts the next item of the innermost array at `i`; returns `i`, or why it may not start. */
  private item(i: number): number | ScanFailure {
    const level = this.depth - 1;
    const count = (this.counts[level] as number) + 1;
    if (!(count <= this.maxItems)) {
      this.current[level] = -1;
      return this.fail('parse.items', i, this.maxItems, count);
    }
    this.counts[level] = count;
    this.current[level] = count - 1;
    return i;
  }

  /**
   * Reads the next member name of the innermost object and its colon; returns the offset of its value, or why
   * not.
   */
  private member(i: number): number | ScanFailure {
    const { units, strings } = this;
    const level = this.depth - 1;
    const count = (this.counts[level] as number) + 1;
    if (!(count <= this.maxMembers) || units[i] !== QUOTE || !strings.scan(i)) {
      // The path of these failures ends at the object: no member name has been read yet.
      this.current[level] = -1;
      if (!(count <= this.maxMembers)) return this.fail('parse.members', i, this.maxMembers, count);
      if (units[i] !== QUOTE) return this.failUnexpected(i);
      return this.fail(strings.failCode, strings.failAt);
    }
    this.counts[level] = count;
    this.current[level] = i;
    if (!(strings.length <= this.maxStringLength)) return this.stringTooLong(i);
    const end = strings.end;
    if (!this.names.add(this.text, units, i, end, strings.escaped)) {
      return this.fail('parse.duplicate_key', i);
    }
    // Most names are followed at once by their colon.
    if (units[end] === COLON) return end + 1;
    const colon = skipWhitespace(units, end);
    if (units[colon] !== COLON) return this.failUnexpected(colon);
    return colon + 1;
  }

  /** The failure for the string just scanned at `at`, which is longer than allowed. */
  private stringTooLong(at: number): ScanFailure {
    return this.fail('parse.string_length', at, this.maxStringLength, this.strings.length);
  }

  /** Something other than the expected token stands at `i`, or the text ended there. */
  private failUnexpected(i: number): ScanFailure {
    return i >= this.length ? this.fail('parse.unexpected_end', this.length) : this.fail('parse.syntax', i);
  }

  /** A failure at code unit `index`, located by the path of the value being read. */
  private fail(code: ParseErrorCode, index: number, limit?: number, actual?: number): ScanFailure {
    const path = this.path();
    if (limit === undefined || actual === undefined) return { code, index, path };
    return { code, index, path, limit, actual };
  }

  /** The exact path of the value being read, with member names decoded (only on the failure path). */
  private path(): PointerSegment[] {
    const path: PointerSegment[] = [];
    for (let level = 0; level < this.depth; level++) {
      const at = this.current[level] as number;
      if (at < 0) continue;
      if (this.isObject[level] !== true) {
        path.push(at);
      } else {
        this.strings.scan(at);
        path.push(decodeName(this.text, at, this.strings.end, this.strings.escaped));
      }
    }
    return path;
  }
}

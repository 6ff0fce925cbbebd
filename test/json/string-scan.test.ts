// Differential test: the string scanner agrees with a one-code-unit-at-a-time reference of the RFC 8259 string rules.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withCodeUnits } from '../../src/json/code-units.js';
import { StringScanner } from '../../src/json/string-scan.js';

/** What a scan of one literal finds: where it ends, whether it held an escape and its length, or why not. */
type Outcome =
  | { readonly ok: true; readonly end: number; readonly escaped: boolean; readonly length: number }
  | { readonly ok: false; readonly code: string; readonly at: number };

/** Pieces that cover every branch: plain and non-ASCII content, escapes good and bad, pairs, lone halves. */
const PIECES = [
  'a',
  'plain words ',
  'é中',
  '\u{1F600}',
  '\uD800',
  '\uDC00',
  '\\n',
  '\\"',
  '\\/',
  '\\u0041',
  '\\u00e9',
  '\\uD83D\\uDE00',
  '\\uD83D',
  '\\uDE00',
  '\\uD83D\\u0041',
  '\\uD83D\\uZZZZ',
  '\\uD83D\\',
  '\\uD83D\\u',
  '\\u12G4',
  '\\u12',
  '\\x',
  '\\',
  '\u0001',
  '\t',
  '"',
];

/** The reference: RFC 8259 string rules read one code unit at a time. */
function reference(text: string, start: number): Outcome {
  const n = text.length;
  const fail = (code: string, at: number): Outcome => ({ ok: false, code, at });
  const hex4 = (at: number): number => {
    let value = 0;
    for (let k = at; k < at + 4; k++) {
      if (k >= n) return -2;
      const digit = parseInt(text.charAt(k), 16);
      if (!/[0-9a-fA-F]/.test(text.charAt(k))) return -1;
      value = value * 16 + digit;
    }
    return value;
  };
  const isLow = (c: number): boolean => c >= 0xdc00 && c <= 0xdfff;
  let i = start + 1;
  let length = 0;
  let escaped = false;
  for (;;) {
    if (i >= n) return fail('parse.unexpected_end', n);
    const c = text.charCodeAt(i);
    if (c === 0x22) return { ok: true, end: i + 1, escaped, length };
    if (c === 0x5c) {
      if (i + 1 >= n) return fail('parse.unexpected_end', n);
      const next = text.charAt(i + 1);
      escaped = true;
      if ('"\\/bfnrt'.includes(next)) {
        length += 1;
        i += 2;
        continue;
      }
      if (next !== 'u') return fail('parse.invalid_escape', i);
      const code = hex4(i + 2);
      if (code === -2) return fail('parse.unexpected_end', n);
      if (code === -1) return fail('parse.invalid_escape', i);
      if (code < 0xd800 || code > 0xdfff) {
        length += 1;
        i += 6;
        continue;
      }
      const pairs = code <= 0xdbff && text.charAt(i + 6) === '\\' && i + 7 < n && text.charAt(i + 7) === 'u';
      if (!pairs || !isLow(hex4(i + 8))) return fail('parse.lone_surrogate', i);
      length += 2;
      i += 12;
    } else if (c < 0x20) {
      return fail('parse.control_character', i);
    } else if (c >= 0xd800 && c <= 0xdfff) {
      if (c > 0xdbff || !isLow(text.charCodeAt(i + 1))) return fail('parse.lone_surrogate', i);
      length += 2;
      i += 2;
    } else {
      length += 1;
      i += 1;
    }
  }
}

/** What the scanner finds for the literal at `start` of `text`. */
function scanned(text: string, start: number): Outcome {
  return withCodeUnits(text, (units) => {
    const scanner = new StringScanner(units);
    if (!scanner.scan(start)) return { ok: false, code: scanner.failCode, at: scanner.failAt };
    return { ok: true, end: scanner.end, escaped: scanner.escaped, length: scanner.length };
  });
}

describe('StringScanner', () => {
  it('finds what a one-unit-at-a-time reference finds, for every mix of pieces, closed or not', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 3 }),
        fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }),
        fc.boolean(),
        (before, pieces, closed) => {
          const start = before.length;
          const text = `${before}"${pieces.join('')}${closed ? '"' : ''}`;
          expect(scanned(text, start)).toEqual(reference(text, start));
        },
      ),
      { numRuns: 5000 },
    );
  });
});

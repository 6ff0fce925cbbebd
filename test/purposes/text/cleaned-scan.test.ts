// Cleaning that scans its result to skip NFC gives exactly the full path's answer, and does skip it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanText } from '../../../src/purposes/text/clean.js';
import { resolveTextOptions } from '../../../src/purposes/text/options.js';
import { sanitizeText, sanitizeTextWithoutShortcuts } from '../../../src/purposes/text/sanitize-text.js';
import { inspectWords, judgeWords } from '../../../src/unicode/spoofing.js';
import { scanText } from '../../../src/unicode/word-scan.js';

/** Removable characters next to marks, selectors, Hangul jamo and letters of several scripts. */
const PIECES = [
  ...'a e o A ж а о ο α ب ש 中 한 क ो ् 1 . - : _'.split(' '),
  ' ',
  '\n',
  '\u0301',
  '\u0308',
  '\u030A',
  '\u0327',
  '\u1100',
  '\u1161',
  '\u11A8',
  '\u200B',
  '\u200C',
  '\u200D',
  '\u00AD',
  '\u2066',
  '\u2069',
  '\u202E',
  '\u0007',
  '\uFE0F',
  '\uFE00',
  '\u{E0100}',
  '\u{E0158}',
  '\u{E0049}',
  '😀',
  '\u212B',
  '\u0958',
];

const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((pieces) => pieces.join(''));

describe('cleaning that skips NFC for its scanned result', () => {
  it('gives exactly the full path’s result', () => {
    fc.assert(
      fc.property(text, fc.boolean(), (value, multiline) => {
        expect(sanitizeText(value, { multiline })).toEqual(
          sanitizeTextWithoutShortcuts(value, { multiline }),
        );
      }),
      { numRuns: 4000 },
    );
  });

  it('skips NFC and the second word scan when only removed selectors were NFC-sensitive', () => {
    const value = 'pаypal 😀\u{E0158}\u{E0155} g\u200Boogle';
    const policy = resolveTextOptions({});
    const first = scanText(value, false);
    expect(first.mayChangeUnderNfc).toBe(true);
    const cleaned = cleanText(value, policy, first);
    expect(cleaned.scan).toBeDefined();
    expect(cleaned.value).toBe(cleaned.value.normalize('NFC'));
    if (cleaned.scan !== undefined)
      expect(judgeWords(cleaned.value, cleaned.scan)).toEqual(inspectWords(cleaned.value));
  });

  it('scans nothing more when the result still needs NFC', () => {
    const value = 'e\u200B\u0301 cafe\u0301';
    const cleaned = cleanText(value, resolveTextOptions({}), scanText(value, false));
    expect(cleaned.scan).toBeUndefined();
    expect(cleaned.value).toBe('é café');
  });
});

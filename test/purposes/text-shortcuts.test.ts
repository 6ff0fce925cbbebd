// sanitizeText's shortcuts change no answer: for any text and any options it equals the full path's result.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeText, sanitizeTextWithoutShortcuts } from '../../src/purposes/text/sanitize-text.js';
import { TEXT_CLEAN_CLASSES, type TextOptions } from '../../src/purposes/text/options.js';
import { ATTACKS, BENIGN, INTERACTING_PIECES } from './text-corpus.js';

/** Any combination of options, limits small enough to be hit by generated text. */
const anyOptions: fc.Arbitrary<TextOptions> = fc.record(
  {
    maxCodePoints: fc.integer({ min: 1, max: 120 }),
    maxBytes: fc.integer({ min: 1, max: 400 }),
    multiline: fc.boolean(),
    actions: fc
      .subarray([...TEXT_CLEAN_CLASSES])
      .map((classes) => Object.fromEntries(classes.map((name) => [name, 'reject' as const]))),
    privateUse: fc.constantFrom('keep', 'remove', 'reject'),
    confusables: fc.constantFrom('report', 'reject'),
    mixedScript: fc.constantFrom('report', 'reject'),
    loneSurrogates: fc.constantFrom('reject', 'replace'),
  },
  { requiredKeys: [] },
);

/** Letters that pass for one another across scripts, so that generated words get flagged. */
const LOOK_ALIKES = [
  'a',
  'e',
  'o',
  'p',
  'c',
  'x',
  'l',
  'I',
  'а',
  'е',
  'о',
  'р',
  'с',
  'х',
  'ο',
  'ρ',
  'ӏ',
  '𝐚',
];
const OTHER_LETTERS = [
  'b',
  'k',
  'б',
  'ж',
  'λ',
  'の',
  'カ',
  '中',
  'ب',
  'ש',
  'क',
  'ภ',
  'ᠠ',
  'µ',
  'ー',
  '1',
  '١',
];
const CORPUS = [...BENIGN, ...ATTACKS].map((entry) => entry.value);

const pieceText = fc
  .array(fc.constantFrom(...INTERACTING_PIECES), { maxLength: 40 })
  .map((pieces) => pieces.join(''));
const lookAlikeText = fc
  .array(
    fc.oneof(
      fc.constantFrom(...LOOK_ALIKES),
      fc.constantFrom(...OTHER_LETTERS),
      fc.constantFrom(' ', ' ', '\n', '\u200D', '\u0301'),
    ),
    { maxLength: 60 },
  )
  .map((pieces) => pieces.join(''));
const corpusText = fc
  .array(fc.oneof(fc.constantFrom(...CORPUS), pieceText, lookAlikeText), { minLength: 1, maxLength: 4 })
  .map((parts) => parts.join(' '));
const anyText = fc.oneof(
  pieceText,
  lookAlikeText,
  corpusText,
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({
    unit: fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)),
    maxLength: 40,
  }),
);

/** Fixed option sets, each with one policy away from the default. */
const OPTION_SETS: readonly TextOptions[] = [
  {},
  { multiline: false },
  { privateUse: 'keep' },
  { privateUse: 'reject' },
  { loneSurrogates: 'replace' },
  { confusables: 'reject', mixedScript: 'reject' },
  { maxCodePoints: 12 },
  { maxBytes: 30 },
  ...TEXT_CLEAN_CLASSES.map((name) => ({ actions: { [name]: 'reject' as const } })),
];

describe('sanitizeText shortcuts', () => {
  it('answer as the full path does on the benign and attack corpora, under every option set', () => {
    for (const value of CORPUS) {
      for (const options of OPTION_SETS) {
        expect(sanitizeText(value, options)).toEqual(sanitizeTextWithoutShortcuts(value, options));
      }
    }
  });

  it('answer as the full path does on any text with any options', () => {
    fc.assert(
      fc.property(anyText, anyOptions, (value, options) => {
        expect(sanitizeText(value, options)).toEqual(sanitizeTextWithoutShortcuts(value, options));
      }),
      { numRuns: 20_000 },
    );
  });

  it('answer as the full path does when one text is sanitized under many options', () => {
    fc.assert(
      fc.property(corpusText, fc.array(anyOptions, { minLength: 2, maxLength: 6 }), (value, optionSets) => {
        for (const options of optionSets) {
          expect(sanitizeText(value, options)).toEqual(sanitizeTextWithoutShortcuts(value, options));
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('still find something in the generated text, so the comparison is not between two empty answers', () => {
    const flagged = fc.sample(lookAlikeText, { numRuns: 500, seed: 7 }).filter((value) => {
      const result = sanitizeText(value);
      return result.findings.some((finding) => finding.code === 'text.confusable');
    });
    expect(flagged.length).toBeGreaterThan(10);
  });
});

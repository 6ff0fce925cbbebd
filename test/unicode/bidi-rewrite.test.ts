// The bidi planner with reused buffers decides every control exactly as the planner it replaced.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { breaksAtLineBreaks, breaksNever, mayBeControlOrBreak, planBidi } from '../../src/unicode/bidi.js';
import { classifySpecial } from '../../src/unicode/special.js';
import { SCAN_FLAGS, scanFactsOf } from '../../src/unicode/scan-facts.js';
import { planBidiReference } from './reference/bidi-plan.js';

const PIECES = [
  ...'a Z 7 ٣ , . ( ) - /'.split(' '),
  ' ',
  ...'שלום א ب كتاب ܐ ߊ 𐤀 𞤀 é ж 中 😀'.split(' '),
  // embeddings, overrides, isolates, their terminators, marks
  ...['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'],
  ...['\u200E', '\u200F', '\u061C'],
  // removable specials, combining marks, line breaks, lone surrogates
  ...['\u200B', '\u200D', '\u00AD', '\u{E0041}', '\uFE0F', '\u0301', '\u064E', '\u0007'],
  ...['\n', '\r', '\r\n', '\u2028', '\u2029', '\u0085', '\uD83D', '\uDE00'],
];

const NESTED = fc
  .integer({ min: 0, max: 80 })
  .map((depth) => '\u2067'.repeat(depth) + 'א' + '\u2069'.repeat(depth));

const TEXT = fc
  .array(fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...PIECES) }, { weight: 1, arbitrary: NESTED }), {
    maxLength: 120,
  })
  .map((pieces) => pieces.join(''));

/** Text with no character of a right-to-left block: the planner lists only its controls. */
const TEXT_WITHOUT_RTL = fc
  .array(
    fc.oneof(
      {
        weight: 6,
        arbitrary: fc.constantFrom(
          ...PIECES.filter((piece) => !/[\u0590-\u08FF\uD802\uD803\uD83A]/.test(piece)),
        ),
      },
      { weight: 1, arbitrary: NESTED.map((nested) => nested.replaceAll('א', 'a')) },
    ),
    { maxLength: 120 },
  )
  .map((pieces) => pieces.join(''));

/** Paragraph ends as the planner is given them, with the same ends as plain functions for the reference. */
const BREAKERS: Record<string, readonly [(codePoint: number) => boolean, (codePoint: number) => boolean]> = {
  'line feed': [(codePoint) => codePoint === 0x0a, (codePoint) => codePoint === 0x0a],
  'every line break': [
    breaksAtLineBreaks,
    (codePoint) => (scanFactsOf(codePoint) & SCAN_FLAGS.lineBreak) !== 0,
  ],
  never: [breaksNever, () => false],
};

function sorted(verdicts: ReadonlyMap<number, string>): [number, string][] {
  return [...verdicts].sort(([a], [b]) => a - b);
}

describe('planBidi against the planner it replaced', () => {
  for (const [name, [breaksParagraph, referenceBreaks]] of Object.entries(BREAKERS)) {
    it(`gives the same verdicts, paragraphs ending at ${name}`, () => {
      fc.assert(
        fc.property(TEXT, (text) => {
          expect(sorted(planBidi(text, breaksParagraph))).toEqual(
            sorted(planBidiReference(text, referenceBreaks)),
          );
        }),
        { numRuns: 1500 },
      );
    });

    it(`gives the same verdicts on text without right-to-left characters, paragraphs ending at ${name}`, () => {
      fc.assert(
        fc.property(TEXT_WITHOUT_RTL, (text) => {
          expect(sorted(planBidi(text, breaksParagraph))).toEqual(
            sorted(planBidiReference(text, referenceBreaks)),
          );
        }),
        { numRuns: 1500 },
      );
    });
  }

  it('gives the same verdicts on long texts, then short ones (buffers reused and grown)', () => {
    const pieces = PIECES.join('');
    for (const repeat of [400, 1, 3000, 2, 70]) {
      const text = pieces.repeat(repeat);
      expect(sorted(planBidi(text, breaksNever))).toEqual(sorted(planBidiReference(text, () => false)));
    }
  });

  it('passes over only code units that are neither a bidi control nor a line break', () => {
    for (let unit = 0; unit <= 0xffff; unit++) {
      const special = classifySpecial(unit);
      if (special === 'bidi_control' || special === 'line_break')
        expect(mayBeControlOrBreak(unit), unit.toString(16)).toBe(true);
    }
  });
});

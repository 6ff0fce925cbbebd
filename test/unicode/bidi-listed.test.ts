// Planning bidi controls from a scan's list of specials gives exactly the plan read from every code unit.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planListedBidiControls } from '../../src/unicode/bidi-listed.js';
import { breaksAtLineBreaks, breaksNever, planBidiControls } from '../../src/unicode/bidi.js';
import { scanText } from '../../src/unicode/word-scan.js';

/** Bidi controls, every line break, letters of both directions, digits and other specials between them. */
const PIECES = [
  ...'a b Z 1 2 ж ب ש ٣ \u0591 𐤀 . : - _ 😀'.split(' '),
  ' ',
  ...'\t \n \r \r\n \u0085 \u2028 \u2029 \u0007 \u200B \u200C \u{E0049} \u{E0158}'.split(' '),
  ...'\u061C \u200E \u200F \u202A \u202B \u202C \u202D \u202E \u2066 \u2067 \u2068 \u2069'.split(' '),
];

const text = fc
  .oneof(
    fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }),
    // Long enough to hold more controls than the reused buffers start with.
    fc.array(fc.constantFrom(...PIECES), { minLength: 150, maxLength: 400 }),
  )
  .map((pieces) => pieces.join(''));

function verdicts(plan: { verdictAt(index: number): string }, length: number): string[] {
  return Array.from({ length }, (_, index) => plan.verdictAt(index));
}

describe('bidi controls planned from a list of specials', () => {
  it('gives exactly the plan read from every code unit', () => {
    fc.assert(
      fc.property(text, fc.boolean(), (value, multiline) => {
        const scan = scanText(value, !multiline);
        const full = planBidiControls(value, multiline ? breaksAtLineBreaks : breaksNever);
        const listed = planListedBidiControls(value, multiline, scan.specials, scan.rightToLeft);
        const searched = planListedBidiControls(value, multiline, scan.specials);
        expect(verdicts(listed, value.length)).toEqual(verdicts(full, value.length));
        expect(listed.toMap()).toEqual(full.toMap());
        expect(searched.toMap()).toEqual(full.toMap());
      }),
      { numRuns: 5000 },
    );
  });

  it('ends paragraphs at line feeds it finds itself', () => {
    const value = 'a\u2066b\nc\u2069\n\u202Ed\u202C';
    const listed = planListedBidiControls(value, true, scanText(value, false).specials);
    expect(listed.toMap()).toEqual(planBidiControls(value, breaksAtLineBreaks).toMap());
    expect([...listed.toMap().values()]).toEqual(['unbalanced', 'unbalanced', 'no_rtl', 'no_rtl']);
  });
});

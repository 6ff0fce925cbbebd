// Properties of sanitizeText over generated text: never throws, NFC output, idempotent, removed classes gone.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeText } from '../../src/purposes/text/sanitize-text.js';
import type { TextOptions } from '../../src/purposes/text/options.js';
import { codePointBefore } from '../../src/unicode/codepoint.js';
import { isRgiEmoji } from '../../src/unicode/emoji.js';
import { classifySpecial } from '../../src/unicode/special.js';
import { isVariationBase } from '../../src/unicode/variation.js';
import { INTERACTING_PIECES } from './text-corpus.js';

const OPTIONS: readonly TextOptions[] = [
  {},
  { multiline: false },
  { privateUse: 'keep' },
  { loneSurrogates: 'replace' },
];
const pieceText = fc
  .array(fc.constantFrom(...INTERACTING_PIECES), { maxLength: 40 })
  .map((pieces) => pieces.join(''));
const anyText = fc.oneof(
  pieceText,
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
);
const RUNS = { numRuns: 3000 };

describe('sanitizeText properties', () => {
  it('never throws, whatever the text (lone surrogates included)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          anyText,
          fc.string({
            unit: fc.integer({ min: 0, max: 0xffff }).map((u) => String.fromCharCode(u)),
            maxLength: 40,
          }),
        ),
        fc.constantFrom(...OPTIONS),
        (value, options) => {
          const result = sanitizeText(value, options);
          expect(typeof result.ok).toBe('boolean');
        },
      ),
      RUNS,
    );
  });

  it('outputs NFC text', () => {
    let accepted = 0;
    fc.assert(
      fc.property(anyText, fc.constantFrom(...OPTIONS), (value, options) => {
        const result = sanitizeText(value, options);
        if (!result.ok) return;
        accepted++;
        expect(result.value).toBe(result.value.normalize('NFC'));
      }),
      RUNS,
    );
    // The generator must reach the checked branch often enough for the property to mean something.
    expect(accepted).toBeGreaterThan(1500);
  });

  it('is idempotent: sanitizing the output again changes nothing and cleans nothing', () => {
    let accepted = 0;
    fc.assert(
      fc.property(anyText, fc.constantFrom(...OPTIONS), (value, options) => {
        const first = sanitizeText(value, options);
        if (!first.ok) return;
        accepted++;
        const second = sanitizeText(first.value, options);
        expect(second.ok && second.value).toBe(first.value);
        expect(second.findings.filter((finding) => finding.action === 'cleaned')).toEqual([]);
      }),
      RUNS,
    );
    // The generator must reach the checked branch often enough for the property to mean something.
    expect(accepted).toBeGreaterThan(1500);
  });

  it('leaves no removed class in the output', () => {
    let accepted = 0;
    fc.assert(
      fc.property(anyText, fc.boolean(), (value, multiline) => {
        const result = sanitizeText(value, { multiline, loneSurrogates: 'replace' });
        if (!result.ok) return;
        accepted++;
        assertNothingRemovedSurvives(result.value, multiline);
      }),
      RUNS,
    );
    // The generator must reach the checked branch often enough for the property to mean something.
    expect(accepted).toBeGreaterThan(1500);
  });
});

function assertNothingRemovedSurvives(text: string, multiline: boolean): void {
  for (let index = 0; index < text.length;) {
    const codePoint = text.codePointAt(index) ?? 0;
    const specialClass = classifySpecial(codePoint);
    const where = `U+${codePoint.toString(16)} at ${index}`;
    expect(['control', 'noncharacter', 'annotation', 'private_use'], where).not.toContain(
      codePoint === 0x09 && multiline ? undefined : specialClass,
    );
    if (specialClass === 'line_break') {
      expect(multiline, where).toBe(true);
      expect(codePoint === 0x0a || (codePoint === 0x0d && text.charCodeAt(index + 1) === 0x0a), where).toBe(
        true,
      );
    }
    if (specialClass === 'variation_selector')
      expect(isVariationBase(codePoint, codePointBefore(text, index)), where).toBe(true);
    if (specialClass === 'tag_characters') expect(insideRgiTagSequence(text, index), where).toBe(true);
    expect(codePoint < 0xd800 || codePoint > 0xdfff, where).toBe(true);
    index += codePoint > 0xffff ? 2 : 1;
  }
}

/** True when the tag character at `index` belongs to an RGI emoji tag sequence around it. */
function insideRgiTagSequence(text: string, index: number): boolean {
  let start = index;
  while (start > 0 && classifySpecial(codePointBefore(text, start)) === 'tag_characters') start -= 2;
  const end = text.indexOf('\u{E007F}', index);
  if (end === -1) return false;
  const base = codePointBefore(text, start);
  return isRgiEmoji(String.fromCodePoint(base) + text.slice(start, end + 2));
}

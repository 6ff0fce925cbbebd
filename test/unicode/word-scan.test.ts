// One pass over a text: its special characters, NFC and surrogate facts, letters per script, words to judge.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scriptNameOf, scriptOf } from '../../src/unicode/properties.js';
import { nextSpecial } from '../../src/unicode/special.js';
import { CLOSER_LOOK, scanText, type TextScan } from '../../src/unicode/word-scan.js';

const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({
    unit: fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)),
    maxLength: 40,
  }),
);

/** Every special code point found by searching, as cleaning does without a scan. */
function searchedSpecials(text: string, withLayout: boolean): number[] {
  const found: number[] = [];
  for (let index = nextSpecial(text, 0, withLayout); index < text.length;) {
    found.push(index);
    index = nextSpecial(text, index + (text.codePointAt(index)! > 0xffff ? 2 : 1), withLayout);
  }
  return found;
}

/** The candidate words of a scan as [word, script name or 'closer look'] pairs. */
function candidates(text: string, scan: TextScan): [string, string][] {
  const words: [string, string][] = [];
  for (let at = 0; at < scan.candidates.length; at += 3) {
    const [start, end, script] = scan.candidates.slice(at, at + 3) as [number, number, number];
    const word = text.slice(start, end);
    words.push([word, script === CLOSER_LOOK ? 'closer look' : scriptOf(word.codePointAt(0)!)]);
  }
  return words;
}

/** Letters per script name. */
function letters(scan: TextScan): Record<string, number> {
  const counts: Record<string, number> = {};
  scan.scriptLetters.forEach((count, id) => (counts[scriptNameOf(id)] = count));
  return counts;
}

describe('scanText', () => {
  it('lists the special code points that searching finds, with and without tab and line feed', () => {
    let wellFormed = 0;
    fc.assert(
      fc.property(anyText, fc.boolean(), (text, withLayout) => {
        if (!text.isWellFormed()) return;
        wellFormed++;
        expect(scanText(text, withLayout).specials).toEqual(searchedSpecials(text, withLayout));
      }),
      { numRuns: 3000 },
    );
    // The generator must reach the checked branch often enough for the property to mean something.
    expect(wellFormed).toBeGreaterThan(2000);
  });

  it('says NFC cannot change a text only when it does not', () => {
    let stable = 0;
    fc.assert(
      fc.property(anyText, (text) => {
        if (!text.isWellFormed() || scanText(text, false).mayChangeUnderNfc) return;
        stable++;
        expect(text.normalize('NFC')).toBe(text);
      }),
      { numRuns: 3000 },
    );
    // The generator must reach the checked branch often enough for the property to mean something.
    expect(stable).toBeGreaterThan(800);
    expect(scanText('Café 中文 مرحبا 😀', false).mayChangeUnderNfc).toBe(false);
    expect(scanText('Cafe\u0301', false).mayChangeUnderNfc).toBe(true);
  });

  it('finds lone surrogates exactly when the text is not well formed', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(scanText(text, false).loneSurrogates).toBe(!text.isWellFormed());
      }),
      { numRuns: 3000 },
    );
  });

  it('lists words in several scripts or with styled letters, and single-script words that may imitate', () => {
    const text = 'pаypal жизнь как 𝐩𝐚𝐲 日本語のテキスト شلام аррӏе abc о';
    expect(candidates(text, scanText(text, false))).toEqual([
      ['pаypal', 'closer look'],
      ['как', 'Cyrillic'],
      ['𝐩𝐚𝐲', 'closer look'],
      ['日本語のテキスト', 'closer look'],
      ['аррӏе', 'Cyrillic'],
    ]);
  });

  it('counts letters per script, every character of an ASCII-only word as Latin', () => {
    expect(letters(scanText('abc 12 Café да', false))).toEqual({ Latin: 9, Cyrillic: 2 });
    expect(letters(scanText('pаypal', false))).toEqual({ Latin: 6 });
  });

  it('scans a text whose characters it has never seen (their facts are learnt first)', () => {
    const text = '\u{1E900}\u{1E901} \u{10A00}';
    expect(scanText(text, false).candidates).toEqual(scanText(text, false).candidates);
  });
});

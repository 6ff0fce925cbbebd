// A text without NFC-sensitive code points is NFC: checked against V8's normalization for every code point.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isNfcSensitive } from '../../src/unicode/nfc-sensitive.js';

const ASSIGNED = /^\p{Assigned}$/u;
/** Combining marks of combining class 1 and 240, placed after and before a character to detect reordering. */
const LOW_CLASS_MARK = '\u0334';
const HIGH_CLASS_MARK = '\u0345';

/** The code points of a string, in order. */
function codePoints(text: string): number[] {
  return Array.from(text, (character) => character.codePointAt(0) ?? 0);
}

function isSurrogate(codePoint: number): boolean {
  return codePoint >= 0xd800 && codePoint <= 0xdfff;
}

describe('isNfcSensitive', () => {
  it('covers every code point that can follow another in a canonical decomposition (composition partners)', () => {
    const missed: string[] = [];
    for (let codePoint = 0; codePoint <= 0x10ffff; codePoint++) {
      if (isSurrogate(codePoint)) continue;
      const character = String.fromCodePoint(codePoint);
      const decomposed = character.normalize('NFD');
      if (decomposed === character) continue;
      for (const partCodePoint of codePoints(decomposed).slice(1)) {
        if (!isNfcSensitive(partCodePoint)) missed.push(partCodePoint.toString(16));
      }
    }
    expect(missed).toEqual([]);
  });

  it('leaves out only characters that NFC keeps and never reorders around a mark', () => {
    const wrong: string[] = [];
    for (let codePoint = 0; codePoint <= 0x10ffff; codePoint++) {
      if (isSurrogate(codePoint) || isNfcSensitive(codePoint)) continue;
      const character = String.fromCodePoint(codePoint);
      if (!ASSIGNED.test(character)) continue;
      for (const probe of [character, character + LOW_CLASS_MARK, HIGH_CLASS_MARK + character]) {
        if (probe.normalize('NFC') !== probe) wrong.push(codePoint.toString(16));
      }
    }
    expect(wrong).toEqual([]);
  });

  it('flags marks, singletons, exclusions, conjoining jamo and new composing letters', () => {
    expect([0x0301, 0x094d, 0x212b, 0x0958, 0x0344, 0x1161, 0x11a8, 0x16d67].every(isNfcSensitive)).toBe(
      true,
    );
    expect([0x41, 0xe9, 0x4e00, 0xac00, 0x0627, 0x1f600, 0x0915].some(isNfcSensitive)).toBe(false);
  });

  it('a text without a sensitive code point is already NFC', () => {
    let insensitive = 0;
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
        if (codePoints(text).some(isNfcSensitive)) return;
        insensitive++;
        expect(text.normalize('NFC')).toBe(text);
      }),
      { numRuns: 3000 },
    );
    // The generator must reach the checked branch often enough for the property to mean something.
    expect(insensitive).toBeGreaterThan(400);
  });
});

// The per-code-point facts a text scan reads agree with the functions they remember, in every plane.
import { describe, expect, it } from 'vitest';
import { staysItselfInSkeleton } from '../../src/unicode/confusables.js';
import { isRightToLeft } from '../../src/unicode/direction.js';
import { isNfcSensitive } from '../../src/unicode/nfc-sensitive.js';
import {
  CATEGORY_FLAGS,
  isWildcardScriptId,
  packedProperties,
  scriptIdOf,
} from '../../src/unicode/properties.js';
import {
  learnScanFacts,
  learnScanFactsOf,
  SCAN_FLAGS,
  scanFactsOf,
  scanFactsTable,
} from '../../src/unicode/scan-facts.js';
import { isSharedByAllScripts } from '../../src/unicode/script-coverage.js';
import { classifySpecial, isRemovable, isSpecial } from '../../src/unicode/special.js';

/** The facts of `codePoint` computed the slow way, one function per flag. */
function expectedFacts(codePoint: number): Record<string, boolean | number> {
  const packed = packedProperties(codePoint);
  const letter = (packed & CATEGORY_FLAGS.letter) !== 0;
  const ownScript = !isWildcardScriptId(scriptIdOf(packed));
  const surrogate = codePoint >= 0xd800 && codePoint <= 0xdfff;
  const layout = codePoint === 0x09 || codePoint === 0x0a;
  return {
    packed,
    special: !layout && isSpecial(codePoint),
    layout,
    nfcSensitive: surrogate || isNfcSensitive(codePoint),
    steadfastLetter: letter && staysItselfInSkeleton(codePoint),
    sharedLetter: letter && !ownScript && isSharedByAllScripts(codePoint),
    nonAscii: codePoint >= 0x80,
    scriptLetter: letter && ownScript,
    rightToLeft: isRightToLeft(codePoint),
    loneSurrogate: surrogate,
    removable: isRemovable(codePoint),
    lineBreak: classifySpecial(codePoint) === 'line_break',
  };
}

function actualFacts(facts: number): Record<string, boolean | number> {
  const flags = Object.fromEntries(
    Object.entries(SCAN_FLAGS).map(([name, bit]) => [name, (facts & bit) !== 0]),
  );
  return { packed: facts & 0xffff, ...flags };
}

describe('scan facts', () => {
  it('flags use distinct bits above the 16 bits of packed properties, below the sign bit', () => {
    const bits = Object.values(SCAN_FLAGS);
    expect(new Set(bits).size).toBe(bits.length);
    for (const bit of bits) expect(bit >= 1 << 16 && bit < 2 ** 30).toBe(true);
  });

  it('agree with the functions they remember for every Basic Multilingual Plane code point', () => {
    for (let codePoint = 0; codePoint <= 0xffff; codePoint++) {
      const expected = expectedFacts(codePoint);
      const actual = actualFacts(scanFactsOf(codePoint));
      if (JSON.stringify(actual) !== JSON.stringify(expected)) {
        expect({ codePoint: codePoint.toString(16), ...actual }).toEqual({
          codePoint: codePoint.toString(16),
          ...expected,
        });
      }
    }
  });

  it('agree in the other planes (a sample in every block, and emoji, tags and private use)', () => {
    const sample = [
      0x1f600, 0x1f3fd, 0x1d41a, 0x10330, 0x1e900, 0x20bb7, 0xe0067, 0xe0100, 0xf0000, 0x10fffd,
    ];
    for (let codePoint = 0x10000; codePoint <= 0x10ffff; codePoint += 0x3f) sample.push(codePoint);
    for (const codePoint of sample) {
      expect(actualFacts(scanFactsOf(codePoint))).toEqual(expectedFacts(codePoint));
    }
  });

  it('are learnt once and then read from the table', () => {
    const codePoint = 0x10a00;
    const learnt = learnScanFacts(codePoint);
    expect(scanFactsTable()[codePoint]).toBe(learnt);
    expect(scanFactsOf(codePoint)).toBe(learnt);
    learnScanFactsOf('x\u{1E922}\uD800y');
    for (const codePoint of [0x78, 0x1e922, 0xd800, 0x79]) expect(scanFactsTable()[codePoint]).not.toBe(0);
  });
});

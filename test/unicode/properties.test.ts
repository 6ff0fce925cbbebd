// The character data behind the text rules: unicode-properties' scripts agree with V8's Unicode tables.
import { describe, expect, it } from 'vitest';
import {
  CATEGORY_FLAGS,
  isDecimalDigit,
  isLetter,
  isLetterOrMark,
  packedProperties,
  scriptIdOf,
  scriptNameOf,
  scriptOf,
} from '../../src/unicode/properties.js';
import { isCoveredBy, isSharedByAllScripts } from '../../src/unicode/script-coverage.js';

describe('character properties', () => {
  it('names scripts with the long names V8 understands, for every code point', () => {
    const names = new Set<string>();
    for (let codePoint = 0; codePoint <= 0x10ffff; codePoint += codePoint < 0x30000 ? 1 : 0x100) {
      names.add(scriptOf(codePoint));
    }
    const unknown = [...names].filter((name) => {
      try {
        new RegExp(`\\p{Script_Extensions=${name}}`, 'u');
        return false;
      } catch {
        return true;
      }
    });
    expect(unknown).toEqual([]);
    expect(names.size).toBeGreaterThan(100);
  });

  it('numbers scripts in the order they first appear across the Basic Multilingual Plane, whatever was asked first', () => {
    const gothic = scriptIdOf(packedProperties(0x10330));
    const arabic = scriptIdOf(packedProperties(0x0628));
    const order = ['Common', 'Inherited'];
    for (let codePoint = 0; codePoint <= 0xffff; codePoint++) {
      const script = scriptOf(codePoint);
      if (!order.includes(script)) order.push(script);
    }
    expect(order.map((_, id) => scriptNameOf(id))).toEqual(order);
    expect(scriptNameOf(arabic)).toBe('Arabic');
    expect(scriptNameOf(gothic)).toBe('Gothic');
    expect(gothic).toBeGreaterThanOrEqual(order.length);
  });

  it('agrees with V8 on the script of letters in everyday scripts', () => {
    for (const [character, script] of [
      ['a', 'Latin'],
      ['я', 'Cyrillic'],
      ['ω', 'Greek'],
      ['א', 'Hebrew'],
      ['ب', 'Arabic'],
      ['क', 'Devanagari'],
      ['中', 'Han'],
      ['の', 'Hiragana'],
      ['カ', 'Katakana'],
      ['한', 'Hangul'],
      ['ก', 'Thai'],
    ] as const) {
      const codePoint = character.codePointAt(0) ?? 0;
      expect(scriptOf(codePoint)).toBe(script);
      expect(new RegExp(`^\\p{Script=${script}}$`, 'u').test(character)).toBe(true);
    }
  });

  it('knows letters, marks, digits and word characters', () => {
    expect([isLetter(0x41), isLetter(0x0301), isLetter(0x31), isLetter(-1)]).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect([isLetterOrMark(0x0301), isLetterOrMark(0x094d), isLetterOrMark(0x20)]).toEqual([
      true,
      true,
      false,
    ]);
    expect([
      isDecimalDigit(0x0661),
      isDecimalDigit(0x00b2),
      (packedProperties(0x00b2) & CATEGORY_FLAGS.number) !== 0,
    ]).toEqual([true, false, true]);
  });

  it('covers words by Script_Extensions and tells shared characters from script-specific ones', () => {
    expect(isCoveredBy('ー', ['Katakana'])).toBe(true);
    expect(isCoveredBy('abc', ['Cyrillic'])).toBe(false);
    expect(isCoveredBy('abc', ['NoSuchScript'])).toBe(false);
    expect(isSharedByAllScripts(0x1d41a)).toBe(true);
    expect(isSharedByAllScripts(0x30fc)).toBe(false);
  });
});

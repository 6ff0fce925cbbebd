// Classification of the special code points the text purpose acts on.
import { describe, expect, it } from 'vitest';
import {
  classifyCodePoint,
  classifySpecial,
  isRemovable,
  isSpecial,
  isVariationSelector,
  nextSpecial,
  SPECIAL_CHARACTER,
} from '../../src/unicode/special.js';

describe('classifySpecial', () => {
  it.each([
    [0x0a, 'line_break'],
    [0x0d, 'line_break'],
    [0x85, 'line_break'],
    [0x2028, 'line_break'],
    [0x2029, 'line_break'],
    [0x00, 'control'],
    [0x09, 'control'],
    [0x1b, 'control'],
    [0x7f, 'control'],
    [0x9b, 'control'],
    [0x202e, 'bidi_control'],
    [0x2066, 'bidi_control'],
    [0x200f, 'bidi_control'],
    [0x061c, 'bidi_control'],
    [0x200b, 'zero_width'],
    [0x200c, 'zero_width'],
    [0x200d, 'zero_width'],
    [0x2060, 'zero_width'],
    [0xfeff, 'zero_width'],
    [0x180e, 'zero_width'],
    [0x00ad, 'zero_width'],
    [0xe0041, 'tag_characters'],
    [0xe007f, 'tag_characters'],
    [0xe0000, 'tag_characters'],
    [0xfe0f, 'variation_selector'],
    [0xe0100, 'variation_selector'],
    [0x180b, 'variation_selector'],
    [0xfdd0, 'noncharacter'],
    [0xfffe, 'noncharacter'],
    [0x10ffff, 'noncharacter'],
    [0x1fffe, 'noncharacter'],
    [0xfff9, 'annotation'],
    [0xfffc, 'annotation'],
    [0xe000, 'private_use'],
    [0xf8ff, 'private_use'],
    [0xf0000, 'private_use'],
    [0x10fffd, 'private_use'],
    [0x034f, 'invisible'],
    [0x2062, 'invisible'],
    [0x3164, 'invisible'],
    [0x1d173, 'invisible'],
    [0xe0080, 'invisible'],
  ])('U+%s is %s', (codePoint, expected) => {
    expect(classifySpecial(codePoint)).toBe(expected);
    expect(isSpecial(codePoint)).toBe(true);
  });

  it.each([0x41, 0x20, 0xe9, 0x05d0, 0x4e00, 0x1f600, 0x0301, 0x20e3, 0xfffd, 0x00a0, 0x3000])(
    'U+%s is ordinary text',
    (codePoint) => {
      expect(classifySpecial(codePoint)).toBeUndefined();
      expect(isSpecial(codePoint)).toBe(false);
    },
  );

  it('classifies every special code point and nothing else, across all planes', () => {
    for (let codePoint = 0; codePoint <= 0x10ffff; codePoint++) {
      if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
      if (isSpecial(codePoint) !== (classifySpecial(codePoint) !== undefined)) {
        throw new Error(`U+${codePoint.toString(16)} is inconsistent`);
      }
    }
  });

  it('answers from its tables exactly as the defining character class does, in every plane', () => {
    for (let codePoint = 0; codePoint <= 0x10ffff; codePoint++) {
      if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
      if (isSpecial(codePoint) !== SPECIAL_CHARACTER.test(String.fromCodePoint(codePoint))) {
        throw new Error(`U+${codePoint.toString(16)} disagrees`);
      }
    }
  });

  it('nextSpecial finds the next special, counting tab and line feed only in single-line text', () => {
    expect(nextSpecial('ab\tc\u200Bd', 0, false)).toBe(4);
    expect(nextSpecial('ab\tc\u200Bd', 0, true)).toBe(2);
    expect(nextSpecial('😀\u{E0041}', 0, false)).toBe(2);
    expect(nextSpecial('plain', 0, true)).toBe(5);
    expect(nextSpecial('a\u200Bb', 2, false)).toBe(3);
  });

  it('tab and line breaks are special but never removable', () => {
    expect([0x09, 0x0a, 0x0d, 0x85, 0x2028, 0x2029].map(isRemovable)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(isRemovable(0x200b)).toBe(true);
  });

  it('knows every variation selector', () => {
    expect(
      [0x180b, 0x180c, 0x180d, 0x180f, 0xfe00, 0xfe0f, 0xe0100, 0xe01ef].every(isVariationSelector),
    ).toBe(true);
    expect([0x180e, 0xfe10, 0xe01f0].some(isVariationSelector)).toBe(false);
  });

  it('remembers exactly the computed class of every code point', () => {
    const wrong: number[] = [];
    for (let codePoint = -2; codePoint <= 0x110001; codePoint++) {
      const computed = classifyCodePoint(codePoint);
      // Asked twice: the first answer computes and remembers, the second reads what was remembered.
      if (classifySpecial(codePoint) !== computed || classifySpecial(codePoint) !== computed)
        wrong.push(codePoint);
    }
    expect(wrong).toEqual([]);
  });
});

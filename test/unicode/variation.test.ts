// Variation selectors: the bases each kind may follow, and the bytes a payload of them decodes to.
import { describe, expect, it } from 'vitest';
import { isVariationBase, variationSelectorByte } from '../../src/unicode/variation.js';
import { tagToAscii } from '../../src/unicode/tags.js';
import { isEmojiCharacter, isEmojiModifier, isPictographic, isRgiEmoji } from '../../src/unicode/emoji.js';

describe('isVariationBase', () => {
  it('VS15 and VS16 follow emoji characters (digits, # and * included)', () => {
    expect(isVariationBase(0xfe0f, 0x2764)).toBe(true);
    expect(isVariationBase(0xfe0e, 0x31)).toBe(true);
    expect(isVariationBase(0xfe0f, 0x61)).toBe(false);
  });

  it('VS17–VS256 follow ideographs only', () => {
    expect(isVariationBase(0xe0100, 0x845b)).toBe(true);
    expect(isVariationBase(0xe0100, 0x1f600)).toBe(false);
  });

  it('VS1–VS14 follow standardized-variant bases only', () => {
    expect(isVariationBase(0xfe00, 0x2229)).toBe(true);
    expect(isVariationBase(0xfe00, 0x1000)).toBe(true);
    expect(isVariationBase(0xfe00, 0x3001)).toBe(true);
    expect(isVariationBase(0xfe01, 0x68)).toBe(false);
    expect(isVariationBase(0xfe00, -1)).toBe(false);
  });

  it('Mongolian free variation selectors follow Mongolian letters', () => {
    expect(isVariationBase(0x180b, 0x1820)).toBe(true);
    expect(isVariationBase(0x180b, 0x61)).toBe(false);
  });
});

describe('payload decoding', () => {
  it('decodes variation selectors to bytes (VS1–16 → 0–15, VS17–256 → 16–255)', () => {
    expect([0xfe00, 0xfe0f, 0xe0100, 0xe01ef, 0x180b].map(variationSelectorByte)).toEqual([
      0, 15, 16, 255, -1,
    ]);
  });

  it('decodes tag characters to the ASCII they shadow', () => {
    expect([0xe0041, 0xe0020, 0xe007e, 0xe007f, 0xe0001].map(tagToAscii)).toEqual(['A', ' ', '~', '', '']);
  });
});

describe('emoji data', () => {
  it('knows RGI sequences from the runtime (subdivision flags yes, arbitrary tags no)', () => {
    expect(isRgiEmoji('🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}')).toBe(true);
    expect(isRgiEmoji('🏴\u{E0075}\u{E0073}\u{E0063}\u{E0061}\u{E007F}')).toBe(false);
    expect(isEmojiCharacter(0x23) && !isEmojiCharacter(0x61)).toBe(true);
  });
});

describe('emoji character shortcuts', () => {
  it('agree with V8 for every code point below U+2100 and for the skin-tone modifiers', () => {
    for (let codePoint = 0; codePoint < 0x2100; codePoint++) {
      const character = String.fromCodePoint(codePoint);
      expect(isPictographic(codePoint), character).toBe(/^\p{Extended_Pictographic}$/u.test(character));
      expect(isEmojiCharacter(codePoint), character).toBe(/^\p{Emoji}$/u.test(character));
    }
    for (let codePoint = 0x1f300; codePoint < 0x1f400; codePoint++) {
      expect(isEmojiModifier(codePoint)).toBe(/^\p{Emoji_Modifier}$/u.test(String.fromCodePoint(codePoint)));
    }
  });
});

describe('a variation selector as the base of another', () => {
  it('is no base of any kind the rule knows, so no selector may follow it', () => {
    const anyBase =
      /^[\p{Emoji}\p{Ideographic}\p{Sm}\p{L}\p{Script=Myanmar}\p{Script=Phags_Pa}\p{Script=Manichaean}\p{Script=Egyptian_Hieroglyphs}0\u3001\u3002\uFF01\uFF0C\uFF0E\uFF1A\uFF1B\uFF1F]$/u;
    const selectors = [0x180b, 0x180c, 0x180d, 0x180f, 0xfe00, 0xfe0d, 0xfe0e, 0xfe0f, 0xe0100, 0xe01ef];
    for (let base = 0; base <= 0xe01ef; base++) {
      if (!/^\p{Variation_Selector}$/u.test(String.fromCodePoint(base))) continue;
      expect(anyBase.test(String.fromCodePoint(base)) || isEmojiCharacter(base)).toBe(false);
      for (const selector of selectors) expect(isVariationBase(selector, base)).toBe(false);
    }
  });
});

// Variation selectors: which base each kind may follow, and the byte a stray selector smuggles.
import { isEmojiCharacter } from './emoji.js';
import { isVariationSelector } from './special.js';

/**
 * Bases of standardized variation sequences with VS1–VS14 (StandardizedVariants.txt): CJK compatibility
 * ideographs and East Asian punctuation, mathematical operators, digit zero, and the Myanmar, Phags-pa,
 * Manichaean and Egyptian hieroglyph letters that have registered variants. Neither unicode-properties nor
 * V8 carries the sequence list, so the bases are given by property and script: a selector is kept only
 * directly after one such base, at most one per base.
 */
const STANDARDIZED_BASE =
  /^[\p{Ideographic}\p{Sm}0\u3001\u3002\uFF01\uFF0C\uFF0E\uFF1A\uFF1B\uFF1F\p{Script=Myanmar}\p{Script=Phags_Pa}\p{Script=Manichaean}\p{Script=Egyptian_Hieroglyphs}]$/u;
const IDEOGRAPH = /^\p{Ideographic}$/u;
const MONGOLIAN_LETTER = /^(?=\p{L})\p{Script=Mongolian}$/u;

/**
 * True when variation selector `selector` may directly follow `base`: VS15/VS16 after an emoji character
 * (text or emoji presentation), VS17–VS256 after an ideograph (ideographic variation sequences), VS1–VS14
 * after a standardized-variant base, Mongolian free variation selectors after a Mongolian letter.
 */
export function isVariationBase(selector: number, base: number): boolean {
  // A selector is no base of any kind (a mark, neither emoji, ideograph, symbol nor letter): a run of them,
  // a smuggled payload, is answered without building a string per selector.
  if (base < 0 || isVariationSelector(base)) return false;
  const character = String.fromCodePoint(base);
  if (selector === 0xfe0e || selector === 0xfe0f) return isEmojiCharacter(base);
  if (selector >= 0xfe00 && selector <= 0xfe0d) return STANDARDIZED_BASE.test(character);
  if (selector >= 0xe0100 && selector <= 0xe01ef) return IDEOGRAPH.test(character);
  return MONGOLIAN_LETTER.test(character);
}

/**
 * The byte a variation selector stands for in the "hidden bytes" encoding (VS1–VS16 → 0–15,
 * VS17–VS256 → 16–255), or -1 for the Mongolian selectors, which carry no such byte.
 */
export function variationSelectorByte(selector: number): number {
  if (selector >= 0xfe00 && selector <= 0xfe0f) return selector - 0xfe00;
  if (selector >= 0xe0100 && selector <= 0xe01ef) return selector - 0xe0100 + 16;
  return -1;
}

// Emoji data from V8's Unicode tables: the characters and sequences (UTS #51) inside which invisibles belong.
import { CodePointMemo } from './code-point-memo.js';

const EMOJI = /^\p{Emoji}$/u;
const PICTOGRAPHIC = /^\p{Extended_Pictographic}$/u;
/**
 * Built at run time, on first use: the compile target predates the `v` flag (properties of strings), and
 * constructing the pattern expands every RGI sequence, which importing the module should not pay for.
 */
let rgiEmoji: RegExp | undefined;

/** VARIATION SELECTOR-16, which asks for emoji presentation. */
export const EMOJI_PRESENTATION_SELECTOR = 0xfe0f;

/** Below U+203C only © and ® are pictographic, so the letters of alphabetic scripts are answered at once. */
const FIRST_EMOJI_SYMBOL = 0x203c;

/** The answers of the two regular expressions, remembered per code point (cleaning asks them per joiner). */
const emoji = new CodePointMemo((codePoint) => EMOJI.test(String.fromCodePoint(codePoint)));
const pictographic = new CodePointMemo((codePoint) => PICTOGRAPHIC.test(String.fromCodePoint(codePoint)));

/** True for a character with the Emoji property (the bases of emoji and text presentation sequences). */
export function isEmojiCharacter(codePoint: number): boolean {
  return codePoint >= 0 && emoji.has(codePoint);
}

/** True for an Extended_Pictographic character: what an emoji ZWJ sequence joins. */
export function isPictographic(codePoint: number): boolean {
  if (codePoint < FIRST_EMOJI_SYMBOL) return codePoint === 0xa9 || codePoint === 0xae;
  return pictographic.has(codePoint);
}

/** True for a skin-tone modifier (Emoji_Modifier: U+1F3FB–1F3FF). */
export function isEmojiModifier(codePoint: number): boolean {
  return codePoint >= 0x1f3fb && codePoint <= 0x1f3ff;
}

/**
 * True when `sequence` is exactly one RGI emoji (UTS #51 recommended for general interchange), per the
 * runtime's emoji data: for example the England, Scotland and Wales subdivision flags, which are the only
 * RGI emoji tag sequences.
 */
export function isRgiEmoji(sequence: string): boolean {
  rgiEmoji ??= new RegExp('^\\p{RGI_Emoji}$', 'v');
  return rgiEmoji.test(sequence);
}

// Small code point helpers shared by the Unicode rules: hex labels, counting, and neighbours in a string.
/// <reference lib="es2024.string" />

/** Labels made so far, by code point: reports name the same few code points again and again. */
const LABELS = new Map<number, string>();
/** Labels remembered at most, so that text full of distinct code points cannot grow the map without end. */
const MAX_LABELS = 4096;

/** `U+200B`-style label of a code point: the only form in which a character may appear in a report. */
export function formatCodePoint(codePoint: number): string {
  let label = LABELS.get(codePoint);
  if (label === undefined) {
    label = 'U+' + codePoint.toString(16).toUpperCase().padStart(4, '0');
    if (LABELS.size < MAX_LABELS) LABELS.set(codePoint, label);
  }
  return label;
}

/** Number of code points in a well-formed string. */
export function countCodePoints(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) count--;
  }
  return count;
}

/** Size of a string in UTF-8 bytes (lone surrogates count as the three bytes of U+FFFD). */
export function utf8Length(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** The code point that ends just before `index`, or -1 at the start. */
export function codePointBefore(text: string, index: number): number {
  if (index <= 0) return -1;
  const low = text.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) {
    const high = text.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return (high - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
  }
  return low;
}

/** The code point that starts at `index`, or -1 past the end. */
export function codePointAtIndex(text: string, index: number): number {
  return index < text.length ? (text.codePointAt(index) ?? -1) : -1;
}

/** UTF-16 length of a code point. */
export function unitLength(codePoint: number): number {
  return codePoint > 0xffff ? 2 : 1;
}

const LONE_SURROGATES = /\p{Cs}/gu;

/** True when the string holds a UTF-16 surrogate that is not half of a pair. */
export function hasLoneSurrogate(text: string): boolean {
  return !text.isWellFormed();
}

/** The string with every lone surrogate replaced by U+FFFD, and how many there were. */
export function replaceLoneSurrogates(text: string): { readonly text: string; readonly count: number } {
  let count = 0;
  const replaced = text.replace(LONE_SURROGATES, () => {
    count++;
    return '\uFFFD';
  });
  return { text: replaced, count };
}

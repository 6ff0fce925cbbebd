// The look-alike fold: maps text to a canonical skeleton where forged delimiters and tokens look like the real ones.
import { confusablePrototypes } from '../../src/unicode/confusables.js';
import { decodeAt } from './encoded-forms.js';
import { COLLAPSED_LETTERS, EXTRA_PROTOTYPES, FOLD_IGNORABLE, FOLD_SPACE, LINE_BREAK } from './lookalikes.js';

/**
 * Text folded for look-alike matching, with the way back. `text[k]` came from the original UTF-16 range
 * `[starts[k], ends[k])`; a match `[a, b)` in the fold covers `[starts[a], ends[b - 1])` of the original.
 */
export interface FoldedText {
  readonly text: string;
  readonly starts: readonly number[];
  readonly ends: readonly number[];
}

/** Rounds of NFKD, case and prototype mapping before a character's fold is stable (checked by a test). */
const FOLD_ROUNDS = 4;
/** Most distinct non-ASCII characters whose fold is remembered; the cache is emptied when it fills up. */
const CACHE_LIMIT = 8192;

const cache = new Map<string, string>();
/** The folds of the 128 ASCII characters, made on the first fold (they read the confusable data). */
let asciiFolds: readonly string[] | undefined;

/**
 * The fold of one code point, as a reader who ignores the disguise would see it: compatibility-decomposed
 * (NFKD: fullwidth, math alphanumerics, ligatures), invisibles, marks and controls dropped, line breaks as
 * `\n`, other white space as a space, each character replaced by its UTS #39 confusable prototype (plus
 * {@link EXTRA_PROTOTYPES}) and lower-cased and mapped again, repeated until stable, then `i` and `l` collapsed.
 */
export function foldCodePoint(char: string): string {
  const code = char.charCodeAt(0);
  asciiFolds ??= Array.from({ length: 128 }, (_, index) => foldUncached(String.fromCharCode(index)));
  const ascii = char.length === 1 ? asciiFolds[code] : undefined;
  if (ascii !== undefined) return ascii;
  const known = cache.get(char);
  if (known !== undefined) return known;
  const folded = foldUncached(char);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(char, folded);
  return folded;
}

function foldUncached(char: string): string {
  let current = char;
  for (let round = 0; round < FOLD_ROUNDS; round++) {
    let next = '';
    for (const part of prototypeOf(current, false).normalize('NFKD')) next += foldStep(part);
    if (next === current) break;
    current = next;
  }
  let collapsed = '';
  for (const part of current) collapsed += COLLAPSED_LETTERS[part] ?? part;
  return collapsed;
}

function foldStep(char: string): string {
  if (LINE_BREAK.test(char)) return '\n';
  if (FOLD_SPACE.test(char)) return ' ';
  if (FOLD_IGNORABLE.test(char)) return '';
  const lower = prototypeOf(char, true).toLowerCase();
  return prototypeOf(lower, true).toLowerCase();
}

/**
 * Each character's prototype: {@link EXTRA_PROTOTYPES} first, then (with `confusables`) the UTS #39 one. Used
 * before lower-casing and after, since either case alone misses some (`Т` → `T`, but `т` has no ASCII
 * prototype; `ѕ` → `s`).
 */
function prototypeOf(text: string, confusables: boolean): string {
  const prototypes = confusablePrototypes();
  let out = '';
  for (const char of text) {
    out +=
      EXTRA_PROTOTYPES[char] ?? (confusables ? prototypes.get(char.codePointAt(0) ?? 0) : undefined) ?? char;
  }
  return out;
}

/**
 * Folds a whole text. Encoded forms (HTML character references, backslash and percent escapes) are decoded
 * first and their characters folded in turn, all mapped back to the whole encoded span.
 */
export function foldText(text: string): FoldedText {
  let folded = '';
  const starts: number[] = [];
  const ends: number[] = [];
  const emit = (piece: string, start: number, end: number): void => {
    for (let k = 0; k < piece.length; k++) {
      starts.push(start);
      ends.push(end);
    }
    folded += piece;
  };
  let index = 0;
  while (index < text.length) {
    const form = decodeAt(text, index);
    if (form !== undefined) {
      for (const char of form.decoded) emit(foldCodePoint(char), index, form.end);
      index = form.end;
      continue;
    }
    const char = String.fromCodePoint(text.codePointAt(index) ?? 0);
    emit(foldCodePoint(char), index, index + char.length);
    index += char.length;
  }
  return { text: folded, starts, ends };
}

/** The original UTF-16 range behind the folded range `[start, end)` (which must not be empty). */
export function originalRange(
  folded: FoldedText,
  start: number,
  end: number,
): { start: number; end: number } {
  return { start: folded.starts[start] ?? 0, end: folded.ends[end - 1] ?? 0 };
}

/** The folded form of a text, without the map back (for building patterns from canonical spellings). */
export function foldPlain(text: string): string {
  return foldText(text).text;
}

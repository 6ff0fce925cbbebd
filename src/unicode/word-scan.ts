// One pass over a text: its words' scripts and letters, the words worth judging, and its special characters.
import { isRightToLeft } from './direction.js';
import {
  CATEGORY_FLAGS,
  isLetter,
  isWildcardScript,
  packedProperties,
  scriptIdOf,
  scriptNameOf,
  scriptOf,
} from './properties.js';
import { learnScanFacts, SCAN_FLAGS, scanFactsTable } from './scan-facts.js';
import { isSharedByAllScripts } from './script-coverage.js';

/** Scripts written together as one writing system (Japanese, Korean, Chinese): one family for look-alikes. */
const CJK_SCRIPTS: ReadonlySet<string> = new Set(['Han', 'Hiragana', 'Katakana', 'Hangul', 'Bopomofo']);
const LATIN_SMALL_A = 0x61;
// The flags the scan loop tests, as plain numbers (the loop runs once per character).
const LETTER = CATEGORY_FLAGS.letter;
const WORD_CHARACTER = CATEGORY_FLAGS.letter | CATEGORY_FLAGS.mark | CATEGORY_FLAGS.number;
const SPECIAL = SCAN_FLAGS.special;
const LAYOUT = SCAN_FLAGS.layout;
const SCRIPT_LETTER = SCAN_FLAGS.scriptLetter;
const NON_ASCII = SCAN_FLAGS.nonAscii;
/** The bits of a scan fact that are {@link packedProperties}, and where the script id starts in them. */
const PACKED_PROPERTIES = 0xffff;
const SCRIPT_SHIFT = 4;
/** Script ids up to this one are Common and Inherited. */
const LAST_WILDCARD_SCRIPT = 1;

/** The script slot of a {@link TextScan.candidates} triple for a word to judge in every case. */
export const CLOSER_LOOK = -1;

/** What one pass over a text found. */
export interface TextScan {
  /** Letters counted per script id; an ASCII-only word counts each of its characters as Latin. */
  readonly scriptLetters: readonly number[];
  /**
   * Words to judge, as flat triples (start, end, script id). The script is {@link CLOSER_LOOK} for a word
   * in several scripts or with styled letters: those are judged whatever script dominates. A word in one
   * script is listed only when it has two or more letters, does not start right-to-left and the skeleton
   * changes every letter of it, since only those can pass for a word of another script (when their script
   * does not dominate).
   */
  readonly candidates: readonly number[];
  /** UTF-16 index of every special code point, in order (tab and line feed count only `withLayout`). */
  readonly specials: readonly number[];
  /** False when no code point is NFC-sensitive (see scan-facts.ts): the text is NFC without asking. */
  readonly mayChangeUnderNfc: boolean;
}

/** One word that needs a closer look. */
export interface WordFacts {
  readonly word: string;
  /** Script values of its letters and marks, Common and Inherited left out, each once. */
  readonly scripts: readonly string[];
  /** The same, with the CJK scripts folded into one family (`Han`). */
  readonly families: readonly string[];
  readonly letters: number;
  /** Letters shared by every script (mathematical alphanumerics and other styled letters). */
  readonly commonLetters: number;
}

let latinId = -1;

/**
 * Visits every code point once, reading its facts from one table, and ends a word at each character that is
 * not a letter, mark or number. The same pass proves text a sanitizer would leave alone: it lists where the
 * special characters are and whether any character could make NFC change the text. Per character it
 * does one table read and a few integer operations (the facts of a word's characters are OR-ed together and
 * read once, when the word ends); nothing is allocated per word, except a triple for each word to judge.
 */
export function scanText(text: string, withLayout: boolean): TextScan {
  if (latinId < 0) latinId = scriptIdOf(packedProperties(LATIN_SMALL_A));
  const table = scanFactsTable();
  const specialMask = withLayout ? SPECIAL | LAYOUT : SPECIAL;
  const words = new Words();
  const specials: number[] = [];
  let seen = 0;
  let asciiLetters = 0;
  const length = text.length;
  let index = 0;
  while (index < length) {
    let codePoint = codePointAtUnit(text, index);
    let facts = table[codePoint] || learnScanFacts(codePoint);
    if ((facts & WORD_CHARACTER) === 0) {
      seen |= facts;
      if ((facts & specialMask) !== 0) specials.push(index);
      index += codePoint > 0xffff ? 2 : 1;
      continue;
    }
    // A word: its characters' facts are OR-ed and counted until a character that is not a word character.
    const start = index;
    const first = codePoint;
    let wordFacts = 0;
    let firstScript = 0;
    let mixed = false;
    let letters = 0;
    let scriptLetters = 0;
    do {
      if ((facts & specialMask) !== 0) specials.push(index);
      wordFacts |= facts;
      const script = (facts & PACKED_PROPERTIES) >> SCRIPT_SHIFT;
      if (script !== firstScript && script > LAST_WILDCARD_SCRIPT) {
        if (firstScript === 0) firstScript = script;
        else mixed = true;
      }
      letters += facts & LETTER;
      scriptLetters += (facts & SCRIPT_LETTER) === 0 ? 0 : 1;
      index += codePoint > 0xffff ? 2 : 1;
      if (index >= length) break;
      codePoint = codePointAtUnit(text, index);
      facts = table[codePoint] || learnScanFacts(codePoint);
    } while ((facts & WORD_CHARACTER) !== 0);
    seen |= wordFacts;
    // Most words are ASCII: counted here, without a call.
    if ((wordFacts & NON_ASCII) === 0) asciiLetters += index - start;
    else words.end(start, index, first, wordFacts, firstScript, mixed, letters, scriptLetters);
  }
  return {
    scriptLetters: words.scriptLetters(asciiLetters),
    candidates: words.candidates,
    specials,
    mayChangeUnderNfc: (seen & SCAN_FLAGS.nfcSensitive) !== 0,
  };
}

/** The code point at a UTF-16 index (a lone surrogate as itself); cheaper than `codePointAt` in a loop. */
function codePointAtUnit(text: string, index: number): number {
  const unit = text.charCodeAt(index);
  if (unit < 0xd800 || unit > 0xdbff) return unit;
  const low = text.charCodeAt(index + 1);
  return low >= 0xdc00 && low <= 0xdfff ? (unit - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000 : unit;
}

/** What the words of a text that are not ASCII-only add up to, as each one ends. */
class Words {
  readonly candidates: number[] = [];
  private readonly letters: number[] = [];

  /**
   * Counts and lists the word at [start, end) that begins with `first`. `facts` is the OR of its
   * characters' facts; `script` is its first script of its own (0 for none) and `mixed` says it has a
   * second one; `letters` counts its letters and `scriptLetters` those with a script of their own.
   */
  end(
    start: number,
    end: number,
    first: number,
    facts: number,
    script: number,
    mixed: boolean,
    letters: number,
    scriptLetters: number,
  ): void {
    if (mixed || (facts & SCAN_FLAGS.sharedLetter) !== 0) {
      this.count(script, scriptLetters);
      this.candidates.push(start, end, CLOSER_LOOK);
    } else if (script !== 0) {
      this.count(script, letters);
      if (letters >= 2 && (facts & SCAN_FLAGS.steadfastLetter) === 0 && !isRightToLeft(first))
        this.candidates.push(start, end, script);
    }
  }

  /** Letters per script id, with `asciiLetters` (every character of the ASCII-only words) as Latin. */
  scriptLetters(asciiLetters: number): number[] {
    this.count(latinId, asciiLetters);
    return this.letters;
  }

  /** Adds letters to a script's count; script 0 (a word without a script of its own) counts for none. */
  private count(scriptId: number, letters: number): void {
    if (scriptId !== 0) this.letters[scriptId] = (this.letters[scriptId] ?? 0) + letters;
  }
}

/** Everything {@link WordFacts} says about the word at [start, end) of `text`. */
export function wordFacts(text: string, start: number, end: number): WordFacts {
  const word = text.slice(start, end);
  const scripts: string[] = [];
  const families: string[] = [];
  let letters = 0;
  let commonLetters = 0;
  for (const character of word) {
    const codePoint = character.codePointAt(0) ?? 0;
    const script = scriptOf(codePoint);
    const wildcard = isWildcardScript(script);
    if (!wildcard && !scripts.includes(script)) scripts.push(script);
    if (!wildcard && !families.includes(familyOf(script))) families.push(familyOf(script));
    if (!isLetter(codePoint) || (wildcard && !isSharedByAllScripts(codePoint))) continue;
    letters++;
    if (wildcard) commonLetters++;
  }
  return { word, scripts, families, letters, commonLetters };
}

/**
 * The script family with the most letters. A tie goes to the family of the lowest script id, and ids
 * follow code point order across the Basic Multilingual Plane (Latin before Greek before Cyrillic…).
 */
export function dominantFamily(scriptLetters: readonly number[]): string | undefined {
  const families = new Map<string, number>();
  for (let id = 0; id < scriptLetters.length; id++) {
    const letters = scriptLetters[id];
    if (letters === undefined) continue;
    const family = familyOf(scriptNameOf(id));
    families.set(family, (families.get(family) ?? 0) + letters);
  }
  let best: string | undefined;
  let bestCount = 0;
  for (const [family, letters] of families) {
    if (letters > bestCount) {
      best = family;
      bestCount = letters;
    }
  }
  return best;
}

/** The script itself, or `Han` for any script of the CJK writing systems. */
export function familyOf(script: string): string {
  return script === 'Han' || CJK_SCRIPTS.has(script) ? 'Han' : script;
}

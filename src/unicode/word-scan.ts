// One pass over a text: its words' scripts and letters, the words worth judging, and its special characters.
import { CATEGORY_FLAGS, packedProperties, scriptIdOf } from './properties.js';
import { learnScanFactsOf, SCAN_FLAGS, scanFactsTable } from './scan-facts.js';

const LATIN_SMALL_A = 0x61;
// The flags the scan loop tests, as plain numbers (the loop runs once per character).
const LETTER = CATEGORY_FLAGS.letter;
const WORD_CHARACTER = CATEGORY_FLAGS.letter | CATEGORY_FLAGS.mark | CATEGORY_FLAGS.number;
const SPECIAL = SCAN_FLAGS.special;
const LAYOUT = SCAN_FLAGS.layout;
const SCRIPT_LETTER = SCAN_FLAGS.scriptLetter;
const NON_ASCII = SCAN_FLAGS.nonAscii;
const SHARED_LETTER = SCAN_FLAGS.sharedLetter;
const STEADFAST_LETTER = SCAN_FLAGS.steadfastLetter;
const NFC_SENSITIVE = SCAN_FLAGS.nfcSensitive;
const RIGHT_TO_LEFT = SCAN_FLAGS.rightToLeft;
const LONE_SURROGATE = SCAN_FLAGS.loneSurrogate;
/** The bits of a scan fact that are {@link packedProperties}, and where the script id starts in them. */
const PACKED_PROPERTIES = 0xffff;
const SCRIPT_SHIFT = 4;
/** Script ids up to this one are Common and Inherited. */
const LAST_WILDCARD_SCRIPT = 1;

const NONE: readonly number[] = Object.freeze([]);

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
  /** True when the text holds a UTF-16 surrogate that is not half of a pair. */
  readonly loneSurrogates: boolean;
  /** False when no code point is in a right-to-left block (see direction.ts). */
  readonly rightToLeft: boolean;
}

let latinId = -1;

/**
 * Visits every code point once, reading its facts from one table, and ends a word at each character that is
 * not a letter, mark or number. The same pass proves text a sanitizer would leave alone: it lists where the
 * special characters are and whether any character could make NFC change the text. Per character it does
 * one table read and a few integer operations (the facts of a word's characters are OR-ed together and read
 * once, when the word ends); nothing is allocated per word, except a triple for each word to judge.
 */
export function scanText(text: string, withLayout: boolean): TextScan {
  // At most two rounds: after learning the text's facts, the scan meets no code point without them.
  for (;;) {
    const scan = scanKnownText(text, withLayout);
    if (scan !== undefined) return scan;
    learnScanFactsOf(text);
  }
}

/**
 * {@link scanText} for a text whose every code point already has its facts, or `undefined` at the first
 * that has none. Computing facts stays out of this loop, so the optimizing compiler keeps it small (a call
 * that computes facts, inlined into the loop, makes the whole scan markedly slower).
 */
function scanKnownText(text: string, withLayout: boolean): TextScan | undefined {
  const table = scanFactsTable();
  const specialMask = withLayout ? SPECIAL | LAYOUT : SPECIAL;
  const words = new Words();
  let specials: number[] | undefined;
  let seen = 0;
  const length = text.length;
  let index = 0;
  while (index < length) {
    let codePoint = text.charCodeAt(index);
    let next = index + 1;
    if (codePoint >= 0xd800 && codePoint <= 0xdbff) {
      codePoint = codePointAtLead(text, index, codePoint);
      if (codePoint > 0xffff) next++;
    }
    let facts = table[codePoint] as number;
    if (facts === 0) return undefined;
    if ((facts & WORD_CHARACTER) === 0) {
      seen |= facts;
      if ((facts & specialMask) !== 0) (specials ??= []).push(index);
      index = next;
      continue;
    }
    // A word: its characters' facts are OR-ed and counted until a character that is not a word character.
    const start = index;
    const firstFacts = facts;
    let wordFacts = 0;
    let firstScript = 0;
    let mixed = false;
    let letters = 0;
    for (;;) {
      wordFacts |= facts;
      const script = (facts & PACKED_PROPERTIES) >> SCRIPT_SHIFT;
      if (script !== firstScript && script > LAST_WILDCARD_SCRIPT) {
        if (firstScript === 0) firstScript = script;
        else mixed = true;
      }
      letters += facts & LETTER;
      index = next;
      if (index >= length) break;
      codePoint = text.charCodeAt(index);
      next = index + 1;
      if (codePoint >= 0xd800 && codePoint <= 0xdbff) {
        codePoint = codePointAtLead(text, index, codePoint);
        if (codePoint > 0xffff) next++;
      }
      facts = table[codePoint] as number;
      if (facts === 0) return undefined;
      if ((facts & WORD_CHARACTER) === 0) break;
    }
    seen |= wordFacts;
    // Special characters inside words are rare (variation selectors, Hangul fillers): listed here, in order.
    if ((wordFacts & specialMask) !== 0) listSpecials(text, start, index, specialMask, (specials ??= []));
    // Most words are ASCII: counted here, without a call.
    if ((wordFacts & NON_ASCII) === 0) words.asciiLetters += index - start;
    else words.end(text, start, index, firstFacts, wordFacts, firstScript, mixed, letters);
  }
  return {
    scriptLetters: words.scriptLetters(),
    candidates: words.candidates ?? NONE,
    specials: specials ?? NONE,
    mayChangeUnderNfc: (seen & NFC_SENSITIVE) !== 0,
    loneSurrogates: (seen & LONE_SURROGATE) !== 0,
    rightToLeft: (seen & RIGHT_TO_LEFT) !== 0,
  };
}

/** How many letters of `text` in [start, end) have a script of their own (not Common or Inherited). */
function lettersWithScript(text: string, start: number, end: number): number {
  const table = scanFactsTable();
  let letters = 0;
  for (let index = start; index < end;) {
    const codePoint = text.codePointAt(index) ?? 0;
    if (((table[codePoint] as number) & SCRIPT_LETTER) !== 0) letters++;
    index += codePoint > 0xffff ? 2 : 1;
  }
  return letters;
}

/** Appends the UTF-16 index of every special code point of `text` in [start, end) to `specials`. */
function listSpecials(
  text: string,
  start: number,
  end: number,
  specialMask: number,
  specials: number[],
): void {
  const table = scanFactsTable();
  for (let index = start; index < end;) {
    const codePoint = text.codePointAt(index) ?? 0;
    if (((table[codePoint] as number) & specialMask) !== 0) specials.push(index);
    index += codePoint > 0xffff ? 2 : 1;
  }
}

/** The code point that starts with the lead surrogate `lead` at `index`: a pair's, or the lone surrogate. */
function codePointAtLead(text: string, index: number, lead: number): number {
  const trail = text.charCodeAt(index + 1);
  return trail >= 0xdc00 && trail <= 0xdfff ? (lead - 0xd800) * 0x400 + (trail - 0xdc00) + 0x10000 : lead;
}

/** What the words of a text add up to, as each one ends: ASCII-only words are counted by the scan loop. */
class Words {
  /** Words to judge, as in {@link TextScan.candidates}; made when the first one is found. */
  candidates: number[] | undefined;
  /** Characters of ASCII-only words, all counted as Latin letters (digits included). */
  asciiLetters = 0;
  private letters: number[] | undefined;

  /**
   * Counts and lists the word at [start, end) of `text`, which is not ASCII-only. `firstFacts` are the
   * facts of its first character and `facts` the OR of all its characters' facts; `script` is its first
   * script of its own (0 for none) and `mixed` says it has a second one; `letters` counts its letters.
   */
  end(
    text: string,
    start: number,
    end: number,
    firstFacts: number,
    facts: number,
    script: number,
    mixed: boolean,
    letters: number,
  ): void {
    if (mixed || (facts & SHARED_LETTER) !== 0) {
      this.count(script, lettersWithScript(text, start, end));
      (this.candidates ??= []).push(start, end, CLOSER_LOOK);
    } else if (script !== 0) {
      this.count(script, letters);
      if (letters >= 2 && (facts & STEADFAST_LETTER) === 0 && (firstFacts & RIGHT_TO_LEFT) === 0)
        (this.candidates ??= []).push(start, end, script);
    }
  }

  /** Letters per script id; the characters of ASCII-only words count as Latin. */
  scriptLetters(): readonly number[] {
    if (latinId < 0) latinId = scriptIdOf(packedProperties(LATIN_SMALL_A));
    if (this.asciiLetters > 0) this.count(latinId, this.asciiLetters);
    this.asciiLetters = 0;
    return this.letters ?? NONE;
  }

  /** Adds letters to a script's count; script 0 (a word without a script of its own) counts for none. */
  private count(scriptId: number, letters: number): void {
    if (scriptId === 0) return;
    const counts = (this.letters ??= []);
    counts[scriptId] = (counts[scriptId] ?? 0) + letters;
  }
}

// What one word is, wherever it appears: its scripts and letters, whether it mixes scripts, what it imitates.
import { skeleton } from './confusables.js';
import { isLetter, isWildcardScript, scriptOf } from './properties.js';
import { restrictionLevel } from './restriction.js';
import { SCAN_FLAGS, scanFactsOf } from './scan-facts.js';
import { familyOf } from './script-family.js';
import { isSharedByAllScripts } from './script-coverage.js';

/** One word's scripts and letters. */
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

/** What a word is, whatever text it is in. */
export interface WordNature {
  readonly fact: WordFacts;
  /** It mixes scripts beyond UTS #39's Moderately Restrictive level. */
  readonly mixed: boolean;
  /** The script family its skeleton is written in, when it can pass for a word of that family. */
  readonly passesFor: string | undefined;
  /** Written wholly in one script family, without styled letters. */
  readonly wholeScript: boolean;
}

/**
 * Words remembered across texts, at most this many (the memory is emptied when full), and only words up to
 * {@link LONGEST_REMEMBERED_WORD} UTF-16 units: the same words recur from field to field and text to text,
 * and judging one costs a skeleton and a few regular expressions.
 */
const REMEMBERED_WORDS = 4096;
const LONGEST_REMEMBERED_WORD = 64;
const natures = new Map<string, WordNature>();

/** The nature of `word` (a run of letters, marks and numbers that is not ASCII-only). */
export function wordNature(word: string): WordNature {
  const known = natures.get(word);
  if (known !== undefined) return known;
  const fact = wordFacts(word);
  const wholeScript = fact.families.length === 1 && fact.commonLetters === 0;
  const nature: WordNature = {
    fact,
    mixed: fact.scripts.length > 1 && restrictionLevel(word, fact.scripts) === 'minimally_restrictive',
    passesFor: passesFor(fact, wholeScript),
    wholeScript,
  };
  if (word.length <= LONGEST_REMEMBERED_WORD) {
    if (natures.size >= REMEMBERED_WORDS) natures.clear();
    natures.set(word, nature);
  }
  return nature;
}

/**
 * The script a word of this nature imitates in a text mostly written in `dominant`, or `undefined`. A word
 * wholly in one script passes only for the dominant script, and never when its own script dominates.
 */
export function imitatedScript(nature: WordNature, dominant: string | undefined): string | undefined {
  const target = nature.passesFor;
  if (target === undefined || !nature.wholeScript) return target;
  return nature.fact.families[0] !== dominant && target === dominant ? target : undefined;
}

/** Everything {@link WordFacts} says about `word`. */
function wordFacts(word: string): WordFacts {
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
 * The family a word's skeleton is written in, when the word has a letter outside it (so it can pass for a
 * word of that family); `undefined` for a single letter, and for a word in one script with a letter that
 * stays itself in the skeleton.
 */
function passesFor(fact: WordFacts, wholeScript: boolean): string | undefined {
  if (fact.letters < 2 && fact.families.length < 2) return undefined;
  if (wholeScript && !mayImitate(fact.word)) return undefined;
  const target = singleScriptOf(skeleton(fact.word));
  return target !== undefined && hasLetterOutside(fact.word, target) ? target : undefined;
}

/**
 * False when some letter of `word` stays itself in the skeleton: then a word in one script cannot pass for
 * a word of another. Spares most words the skeleton.
 */
function mayImitate(word: string): boolean {
  for (let index = 0; index < word.length;) {
    const codePoint = word.codePointAt(index) ?? 0;
    if ((scanFactsOf(codePoint) & SCAN_FLAGS.steadfastLetter) !== 0) return false;
    index += codePoint > 0xffff ? 2 : 1;
  }
  return true;
}

/** The one script family of a string's letters (Common and Inherited left out), or `undefined`. */
function singleScriptOf(text: string): string | undefined {
  let found: string | undefined;
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0;
    const script = scriptOf(codePoint);
    if (isWildcardScript(script) || !isLetter(codePoint)) continue;
    if (found !== undefined && found !== familyOf(script)) return undefined;
    found = familyOf(script);
  }
  return found;
}

function hasLetterOutside(word: string, family: string): boolean {
  for (const character of word) {
    const codePoint = character.codePointAt(0) ?? 0;
    if (!isLetter(codePoint)) continue;
    const script = scriptOf(codePoint);
    if (isWildcardScript(script) ? isSharedByAllScripts(codePoint) : familyOf(script) !== family) return true;
  }
  return false;
}

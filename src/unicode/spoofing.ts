// Mixed-script and confusable words (UTS #39) in a text: which words look like something they are not.
import { isRightToLeft } from './direction.js';
import { skeleton, staysItselfInSkeleton } from './confusables.js';
import {
  CATEGORY_FLAGS,
  isLetter,
  isWildcardScript,
  isWildcardScriptId,
  packedProperties,
  scriptIdOf,
  scriptNameOf,
  scriptOf,
} from './properties.js';
import { restrictionLevel } from './restriction.js';
import { isSharedByAllScripts } from './script-coverage.js';

/** Words flagged for one reason, with the scripts involved (names only, never text). */
export interface WordTally {
  /** How many words were flagged. */
  readonly words: number;
  /** The scripts the flagged words are written in, sorted (`Common` for styled letters such as 𝐚). */
  readonly scripts: readonly string[];
  /** For confusables: the scripts the flagged words imitate, sorted. Empty for mixed-script words. */
  readonly imitated: readonly string[];
}

/** What {@link inspectWords} found. */
export interface WordReport {
  readonly mixedScript: WordTally;
  readonly confusable: WordTally;
}

/** Scripts written together as one writing system (Japanese, Korean, Chinese): one family for look-alikes. */
const CJK_SCRIPTS: ReadonlySet<string> = new Set(['Han', 'Hiragana', 'Katakana', 'Hangul', 'Bopomofo']);
const NON_ASCII = /[^\0-\x7F]/;
/**
 * Text written only in the Latin script (ASCII, Latin-1 letters except the Common ª, µ and º, Latin
 * Extended-A/B and Additional, combining diacritics) with general punctuation and currency signs: no word
 * can mix scripts or imitate another script, so the word pass is skipped.
 */
const LATIN_ONLY =
  // eslint-disable-next-line no-misleading-character-class -- the combining marks are allowed one by one
  /^[\0-\xA9\xAB-\xB4\xB6-\xB9\xBB-\u024F\u0300-\u036F\u1E00-\u1EFF\u2000-\u206F\u20A0-\u20CF]*$/;
const LATIN_SMALL_A = 0x61;
const WORD_CHARACTER = CATEGORY_FLAGS.letter | CATEGORY_FLAGS.mark | CATEGORY_FLAGS.number;
const NONE: WordTally = Object.freeze({ words: 0, scripts: Object.freeze([]), imitated: Object.freeze([]) });
const CLEAN: WordReport = Object.freeze({ mixedScript: NONE, confusable: NONE });

/** One word that needs a closer look. */
interface WordFacts {
  readonly word: string;
  /** Script values of its letters and marks, Common and Inherited left out, each once. */
  readonly scripts: readonly string[];
  /** The same, with the CJK scripts folded into one family (`Han`). */
  readonly families: readonly string[];
  readonly letters: number;
  /** Letters shared by every script (mathematical alphanumerics and other styled letters). */
  readonly commonLetters: number;
}

/**
 * Flags words (runs of letters, marks and digits) that mix scripts beyond UTS #39's Moderately Restrictive
 * level, and words that imitate a word of another script (their skeleton is in one script they are not
 * written in). A word wholly in another script than the one it imitates (Cyrillic "аррӏе") is flagged only
 * when the text is mostly written in the imitated script (counting the letters of each word for its first
 * script), so Russian text is never flagged for looking Latin; right-to-left words never pass for
 * left-to-right ones. ASCII-only words can neither mix scripts nor imitate: they are only counted.
 */
export function inspectWords(text: string): WordReport {
  if (!NON_ASCII.test(text) || LATIN_ONLY.test(text)) return CLEAN;
  const scan = new WordScan(text);
  scan.run();
  const dominant = scan.dominantFamily();
  const mixed = new Tally();
  const confusable = new Tally();
  const verdicts = new Map<string, WordVerdict>();
  const judge = (fact: WordFacts): void => {
    let verdict = verdicts.get(fact.word);
    if (verdict === undefined) {
      verdict = {
        mixed:
          fact.scripts.length > 1 && restrictionLevel(fact.word, fact.scripts) === 'minimally_restrictive',
        imitated: imitatedScript(fact, dominant),
      };
      verdicts.set(fact.word, verdict);
    }
    if (verdict.mixed) mixed.add(fact, undefined);
    if (verdict.imitated !== undefined) confusable.add(fact, verdict.imitated);
  };
  scan.closerLook.forEach(judge);
  for (const [start, end, script] of scan.singleScript) {
    if (familyOf(scriptNameOf(script)) !== dominant && mayImitate(text, start, end))
      judge(scan.facts(start, end));
  }
  return { mixedScript: mixed.result(), confusable: confusable.result() };
}

/** What a word was found to be; a word repeated in the text is judged once. */
interface WordVerdict {
  readonly mixed: boolean;
  readonly imitated: string | undefined;
}

/**
 * One pass over the text, word by word, reading packed properties per character. Words in several
 * scripts or with styled letters are kept for a closer look; single-script words of two or more letters
 * only as positions, since only those outside the dominant script (known at the end) can be look-alikes.
 */
class WordScan {
  /** Letters counted per script id (ASCII words count as Latin). */
  readonly scriptLetters: number[] = [];
  readonly closerLook: WordFacts[] = [];
  /** Start, end and script id of each single-script word of two or more letters. */
  readonly singleScript: [number, number, number][] = [];

  constructor(private readonly text: string) {}

  run(): void {
    const text = this.text;
    let start = -1;
    let nonAscii = false;
    let firstScript = -1;
    let otherScripts = false;
    let letters = 0;
    for (let index = 0; index <= text.length;) {
      const codePoint = index < text.length ? (text.codePointAt(index) ?? 0) : -1;
      const packed = packedProperties(codePoint);
      if ((packed & WORD_CHARACTER) !== 0) {
        if (start < 0) {
          start = index;
          nonAscii = otherScripts = false;
          firstScript = -1;
          letters = 0;
        }
        if (codePoint >= 0x80) nonAscii = true;
        const script = scriptIdOf(packed);
        if (!isWildcardScriptId(script)) {
          if (firstScript < 0) firstScript = script;
          else if (script !== firstScript) otherScripts = true;
        } else if (codePoint >= 0x80 && (packed & CATEGORY_FLAGS.letter) !== 0) {
          otherScripts ||= isSharedByAllScripts(codePoint);
        }
        if ((packed & CATEGORY_FLAGS.letter) !== 0) letters++;
      } else if (start >= 0) {
        this.endWord(start, index, nonAscii ? firstScript : -2, otherScripts, letters);
        start = -1;
      }
      index += codePoint > 0xffff ? 2 : 1;
    }
  }

  /** Everything {@link WordFacts} says about the word at [start, end). */
  facts(start: number, end: number): WordFacts {
    const word = this.text.slice(start, end);
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

  /** The script family with the most letters. */
  dominantFamily(): string | undefined {
    const families = new Map<string, number>();
    this.scriptLetters.forEach((count, id) => {
      const family = familyOf(scriptNameOf(id));
      families.set(family, (families.get(family) ?? 0) + count);
    });
    let best: string | undefined;
    let bestCount = 0;
    for (const [family, count] of families) {
      if (count > bestCount) {
        best = family;
        bestCount = count;
      }
    }
    return best;
  }

  private count(scriptId: number, letters: number): void {
    if (scriptId >= 0) this.scriptLetters[scriptId] = (this.scriptLetters[scriptId] ?? 0) + letters;
  }

  /** `script` is -2 for an ASCII word, -1 for one without a script of its own; `mixed` asks a closer look. */
  private endWord(start: number, end: number, script: number, mixed: boolean, letters: number): void {
    if (script === -2) {
      this.count(scriptIdOf(packedProperties(LATIN_SMALL_A)), end - start);
    } else if (mixed) {
      const fact = this.facts(start, end);
      this.count(script, fact.letters - fact.commonLetters);
      this.closerLook.push(fact);
    } else if (script >= 0) {
      this.count(script, letters);
      if (letters >= 2 && !isRightToLeft(this.text.codePointAt(start) ?? 0))
        this.singleScript.push([start, end, script]);
    }
  }
}

/** The script `fact`'s word passes for, or `undefined` when it does not pass for another script's word. */
function imitatedScript(fact: WordFacts, dominant: string | undefined): string | undefined {
  const wholeScript = fact.families.length === 1 && fact.commonLetters === 0;
  if (fact.letters < 2 && fact.families.length < 2) return undefined;
  if (wholeScript && (fact.families[0] === dominant || !mayImitate(fact.word, 0, fact.word.length)))
    return undefined;
  const target = singleScriptOf(skeleton(fact.word));
  if (target === undefined || !hasLetterOutside(fact.word, target)) return undefined;
  if (wholeScript && target !== dominant) return undefined;
  return target;
}

/**
 * False when some letter of `text` in [start, end) stays itself in the skeleton: then a word in one script
 * cannot pass for a word of another. Spares most words the skeleton.
 */
function mayImitate(text: string, start: number, end: number): boolean {
  for (let index = start; index < end;) {
    const codePoint = text.codePointAt(index) ?? 0;
    if (isLetter(codePoint) && staysItselfInSkeleton(codePoint)) return false;
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

/** The script itself, or `Han` for any script of the CJK writing systems. */
function familyOf(script: string): string {
  return script === 'Han' || CJK_SCRIPTS.has(script) ? 'Han' : script;
}

class Tally {
  private words = 0;
  private readonly scripts = new Set<string>();
  private readonly imitated = new Set<string>();

  add(fact: WordFacts, imitated: string | undefined): void {
    this.words++;
    for (const script of fact.scripts) if (familyOf(script) !== imitated) this.scripts.add(script);
    if (fact.commonLetters > 0) this.scripts.add('Common');
    if (imitated !== undefined) this.imitated.add(imitated);
  }

  result(): WordTally {
    if (this.words === 0) return NONE;
    return { words: this.words, scripts: [...this.scripts].sort(), imitated: [...this.imitated].sort() };
  }
}

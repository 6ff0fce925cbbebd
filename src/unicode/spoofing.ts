// Mixed-script and confusable words (UTS #39) in a text: which words look like something they are not.
import { skeleton } from './confusables.js';
import { isLetter, isWildcardScript, scriptNameOf, scriptOf } from './properties.js';
import { restrictionLevel } from './restriction.js';
import { SCAN_FLAGS, scanFactsOf } from './scan-facts.js';
import { isSharedByAllScripts } from './script-coverage.js';
import {
  CLOSER_LOOK,
  dominantFamily,
  familyOf,
  scanText,
  wordFacts,
  type TextScan,
  type WordFacts,
} from './word-scan.js';

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

const NONE: WordTally = Object.freeze({ words: 0, scripts: Object.freeze([]), imitated: Object.freeze([]) });
const CLEAN: WordReport = Object.freeze({ mixedScript: NONE, confusable: NONE });

/**
 * Flags words (runs of letters, marks and digits) that mix scripts beyond UTS #39's Moderately Restrictive
 * level, and words that imitate a word of another script (their skeleton is in one script they are not
 * written in). A word wholly in another script than the one it imitates (Cyrillic "аррӏе") is flagged only
 * when the text is mostly written in the imitated script (counting the letters of each word for its first
 * script), so Russian text is never flagged for looking Latin; right-to-left words never pass for
 * left-to-right ones. ASCII-only words can neither mix scripts nor imitate: they are only counted.
 */
export function inspectWords(text: string): WordReport {
  return judgeWords(text, scanText(text, false));
}

/**
 * {@link inspectWords} on a text already scanned by {@link scanText}. Only the scan's candidates are looked
 * at; a text without any (most text in one script) costs nothing more.
 */
export function judgeWords(text: string, scan: TextScan): WordReport {
  const candidates = scan.candidates;
  if (candidates.length === 0) return CLEAN;
  const judge = new WordJudge(dominantFamily(scan.scriptLetters));
  for (let at = 0; at < candidates.length; at += 3) {
    const start = candidates[at] ?? 0;
    const end = candidates[at + 1] ?? 0;
    const script = candidates[at + 2] ?? CLOSER_LOOK;
    if (script === CLOSER_LOOK || familyOf(scriptNameOf(script)) !== judge.dominant)
      judge.judge(wordFacts(text, start, end));
  }
  return judge.report();
}

/** Judges words against the text's dominant script family, once per distinct word. */
class WordJudge {
  private readonly mixed = new Tally();
  private readonly confusable = new Tally();
  private readonly verdicts = new Map<string, WordVerdict>();

  constructor(readonly dominant: string | undefined) {}

  judge(fact: WordFacts): void {
    let verdict = this.verdicts.get(fact.word);
    if (verdict === undefined) {
      verdict = {
        mixed:
          fact.scripts.length > 1 && restrictionLevel(fact.word, fact.scripts) === 'minimally_restrictive',
        imitated: imitatedScript(fact, this.dominant),
      };
      this.verdicts.set(fact.word, verdict);
    }
    if (verdict.mixed) this.mixed.add(fact, undefined);
    if (verdict.imitated !== undefined) this.confusable.add(fact, verdict.imitated);
  }

  report(): WordReport {
    return { mixedScript: this.mixed.result(), confusable: this.confusable.result() };
  }
}

/** What a word was found to be; a word repeated in the text is judged once. */
interface WordVerdict {
  readonly mixed: boolean;
  readonly imitated: string | undefined;
}

/** The script `fact`'s word passes for, or `undefined` when it does not pass for another script's word. */
function imitatedScript(fact: WordFacts, dominant: string | undefined): string | undefined {
  const wholeScript = fact.families.length === 1 && fact.commonLetters === 0;
  if (fact.letters < 2 && fact.families.length < 2) return undefined;
  if (wholeScript && (fact.families[0] === dominant || !mayImitate(fact.word)))
    return undefined;
  const target = singleScriptOf(skeleton(fact.word));
  if (target === undefined || !hasLetterOutside(fact.word, target)) return undefined;
  if (wholeScript && target !== dominant) return undefined;
  return target;
}

/**
 * False when some letter of `word` stays itself in the skeleton: then a word in one script cannot pass for
 * a word of another. Spares most words the skeleton.
 */
function mayImitate(word: string): boolean {
  for (let index = 0; index < word.length; ) {
    const codePoint = word.codePointAt(index) ?? 0;
    const facts = scanFactsOf(codePoint);
    if ((facts & SCAN_FLAGS.steadfastLetter) !== 0) return false;
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

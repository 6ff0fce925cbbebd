// Mixed-script and confusable words (UTS #39) in a text: which words look like something they are not.
import { dominantFamily, familyOf, familyOfScriptId } from './script-family.js';
import { imitatedScript, wordNature, type WordFacts } from './word-nature.js';
import { CLOSER_LOOK, scanText, type TextScan } from './word-scan.js';

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
/** The report of a text with no flagged word. */
export const NO_FLAGGED_WORDS: WordReport = Object.freeze({ mixedScript: NONE, confusable: NONE });

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
  if (candidates.length === 0) return NO_FLAGGED_WORDS;
  const dominant = dominantFamily(scan.scriptLetters);
  // Made for the first word that needs judging: in text mostly in one script, none does.
  let judge: WordJudge | undefined;
  for (let at = 0; at < candidates.length; at += 3) {
    const script = candidates[at + 2] ?? CLOSER_LOOK;
    if (script === CLOSER_LOOK || familyOfScriptId(script) !== dominant)
      (judge ??= new WordJudge(dominant)).judge(text, candidates[at] ?? 0, candidates[at + 1] ?? 0);
  }
  return judge === undefined ? NO_FLAGGED_WORDS : judge.report();
}

/** Judges words against the text's dominant script family. */
class WordJudge {
  private readonly mixed = new Tally();
  private readonly confusable = new Tally();

  constructor(readonly dominant: string | undefined) {}

  /** Judges the word at [start, end) of `text` and tallies it if flagged. */
  judge(text: string, start: number, end: number): void {
    const nature = wordNature(text.slice(start, end));
    if (nature.mixed) this.mixed.add(nature.fact, undefined);
    const imitated = imitatedScript(nature, this.dominant);
    if (imitated !== undefined) this.confusable.add(nature.fact, imitated);
  }

  report(): WordReport {
    return { mixedScript: this.mixed.result(), confusable: this.confusable.result() };
  }
}

/** Words flagged for one reason; its sets are made with the first flagged word. */
class Tally {
  private words = 0;
  private scripts: Set<string> | undefined;
  private imitated: Set<string> | undefined;

  add(fact: WordFacts, imitated: string | undefined): void {
    this.words++;
    const scripts = (this.scripts ??= new Set());
    for (const script of fact.scripts) if (familyOf(script) !== imitated) scripts.add(script);
    if (fact.commonLetters > 0) scripts.add('Common');
    if (imitated !== undefined) (this.imitated ??= new Set()).add(imitated);
  }

  result(): WordTally {
    if (this.words === 0) return NONE;
    return {
      words: this.words,
      scripts: [...(this.scripts ?? [])].sort(),
      imitated: [...(this.imitated ?? [])].sort(),
    };
  }
}

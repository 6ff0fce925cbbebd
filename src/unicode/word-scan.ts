// One pass over a text's words: their scripts, letters per script, and which ones need a closer look.
import { isRightToLeft } from './direction.js';
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
import { isSharedByAllScripts } from './script-coverage.js';

/** Scripts written together as one writing system (Japanese, Korean, Chinese): one family for look-alikes. */
const CJK_SCRIPTS: ReadonlySet<string> = new Set(['Han', 'Hiragana', 'Katakana', 'Hangul', 'Bopomofo']);
const LATIN_SMALL_A = 0x61;
const WORD_CHARACTER = CATEGORY_FLAGS.letter | CATEGORY_FLAGS.mark | CATEGORY_FLAGS.number;

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

/**
 * One pass over the text, word by word, reading packed properties per character. Words in several
 * scripts or with styled letters are kept for a closer look; single-script words of two or more letters
 * only as positions, since only those outside the dominant script (known at the end) can be look-alikes.
 */
export class WordScan {
  /** Letters counted per script id (ASCII words count as Latin). */
  readonly scriptLetters: number[] = [];
  /** Words in several scripts or with styled letters: judged for mixing and look-alikes whatever dominates. */
  readonly closerLook: WordFacts[] = [];
  /** Start, end and script id of each single-script word of two or more letters. */
  readonly singleScript: [number, number, number][] = [];

  constructor(private readonly text: string) {}

  /** Visits every code point once, ending a word at each character that is not a letter, mark or number. */
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

/** The script itself, or `Han` for any script of the CJK writing systems. */
export function familyOf(script: string): string {
  return script === 'Han' || CJK_SCRIPTS.has(script) ? 'Han' : script;
}

// Words the quick scan can judge from character codes alone: letters of five scripts by range, no lookups.
import { MIN_TOKEN_RUN } from '../../secrets/quick-check.js';

/** `String.prototype.charCodeAt`, for `.call(text, i)` in loops: see quick-scan.ts for why. */
// eslint-disable-next-line @typescript-eslint/unbound-method -- always called with `.call(text, index)`
const charCodeAt: (this: string, index: number) => number = String.prototype.charCodeAt;

/** Script buckets of the letters the quick scan knows (0: not a letter it knows); kana and Han are one family. */
export const QUICK_SCRIPT = Object.freeze({ latin: 1, cyrillic: 2, arabic: 3, han: 4, kana: 5 });

/**
 * Cyrillic letters U+0400–U+045F that the confusable skeleton leaves as they are, as a bit per letter
 * (bit `c - 0x400` of word `(c - 0x400) >> 5`). A test checks it against the Unicode data.
 */
const CYRILLIC_STEADFAST = Uint32Array.of(0x0150_8e04, 0x0850_a7c0, 0x8604_63c0);

/**
 * The known letters of the Han writing system whose skeleton holds no Han, Hiragana or Katakana letter
 * (their prototypes are symbols or the prolonged sound mark): every other one keeps a letter of that family
 * in the skeleton. A test checks this against the confusable data.
 */
const HAN_FAMILY_WITHOUT_ANCHOR: ReadonlySet<number> = new Set([
  0x304f, 0x3050, 0x30ce, 0x30fc, 0x4e00, 0x4e36, 0x4e3f,
]);

const LATIN_CAPITAL_I = 0x49;
const LATIN_SMALL_M = 0x6d;
const PROLONGED_SOUND_MARK = 0x30fc;
const KATAKANA_MIDDLE_DOT = 0x30fb;

/**
 * The script bucket of a UTF-16 code unit that is a letter the quick scan knows, else 0: ASCII and Latin-1
 * letters and Latin Extended-A, Cyrillic U+0400–U+045F, the Arabic letters U+0620–U+063F and U+0641–U+064A
 * (not the tatweel), Hiragana U+3041–U+3096, Katakana U+30A1–U+30FA with the prolonged sound mark U+30FC
 * (a letter of Hiragana and Katakana words), and the CJK Unified Ideographs U+4E00–U+9FEF. None is
 * NFC-sensitive or special.
 */
export function quickLetterScript(c: number): number {
  if (c < 0x80) return (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a ? QUICK_SCRIPT.latin : 0;
  if (c < 0x180) return c >= 0xc0 && c !== 0xd7 && c !== 0xf7 ? QUICK_SCRIPT.latin : 0;
  if (c < 0x400) return 0;
  if (c <= 0x45f) return QUICK_SCRIPT.cyrillic;
  if (c >= 0x620 && c <= 0x64a) return c === 0x640 ? 0 : QUICK_SCRIPT.arabic;
  if (c >= 0x3041 && c <= PROLONGED_SOUND_MARK)
    return c <= 0x3096 || (c >= 0x30a1 && c !== KATAKANA_MIDDLE_DOT) ? QUICK_SCRIPT.kana : 0;
  return c >= 0x4e00 && c <= 0x9fef ? QUICK_SCRIPT.han : 0;
}

/**
 * True when the skeleton surely leaves this Latin or Cyrillic letter as it is: ASCII letters other than `I`
 * and `m`, and the listed Cyrillic ones; false (not known) for the others, and for letters of other scripts.
 */
export function surelySteadfast(c: number, script: number): boolean {
  if (script === QUICK_SCRIPT.latin) return c < 0x80 && c !== LATIN_CAPITAL_I && c !== LATIN_SMALL_M;
  if (script !== QUICK_SCRIPT.cyrillic) return false;
  const bit = c - 0x400;
  return (((CYRILLIC_STEADFAST[bit >> 5] ?? 0) >>> (bit & 31)) & 1) === 1;
}

/** True when the skeleton of this known Han, Hiragana or Katakana letter holds a letter of that family. */
export function anchorsHanFamily(c: number, script: number): boolean {
  return (script === QUICK_SCRIPT.han || script === QUICK_SCRIPT.kana) && !HAN_FAMILY_WITHOUT_ANCHOR.has(c);
}

// Per code unit, one bit per script bucket (bucket n is bit n - 1, so a word's bits can be OR-ed) and facts.
const CYRILLIC = 2;
const ARABIC = 4;
const HAN_FAMILY = 8 | 16;
const SCRIPTS = 31;
const DIGIT = 32;
const STEADFAST = 64;
const ANCHOR = 128;

/** Built by the first word judged, not at import. */
let wordUnits: Readonly<Uint8Array> | undefined;

function buildWordUnits(): Uint8Array {
  const table = new Uint8Array(0x10000);
  for (let c = 0x30; c <= 0x39; c++) table[c] = DIGIT;
  for (let c = 0; c < 0x10000; c++) {
    const script = quickLetterScript(c);
    if (script === 0) continue;
    table[c] =
      (1 << (script - 1)) |
      (surelySteadfast(c, script) ? STEADFAST : 0) |
      (anchorsHanFamily(c, script) ? ANCHOR : 0);
  }
  return table;
}

/** What the quick scan keeps across its stops: the open token run, and the Cyrillic letters of the text. */
export const scanState = new Int32Array(4);
/** Where the open token run started. */
export const RUN_FROM = 0;
/** 1 once a run of token characters as long as the prefilter's threshold has ended. */
export const LONG_RUN = 1;
/** Letters of Cyrillic words. */
export const CYRILLIC_LETTERS = 2;
/** 1 once a Cyrillic word that could pass for a word of another script was met. */
export const CYRILLIC_LOOKALIKE = 3;

/**
 * Judges, in one read, the word around the first letter outside ASCII of a word, at `at` (the word starts
 * with the ASCII letters and digits before it), the way the word scan would. It is harmless when:
 * - its letters are in one script and it is no confusable candidate (fewer than two letters, a letter the
 *   skeleton keeps, or a right-to-left start), or it is Cyrillic and Cyrillic turns out to dominate the text
 *   (noted in {@link scanState}: a candidate whose script dominates is never judged);
 * - or its letters are all Han, Hiragana and Katakana (one writing system, never mixed), with a letter whose
 *   skeleton stays in that family or without a digit (`0` and `1` have Latin letters as skeletons).
 * Letters outside ASCII end token runs and ASCII ones continue them: the runs inside the word are measured
 * here, and the one open at its end is left in {@link scanState}.
 * @returns Where the word ends, or -1 when it needs the full judgement.
 */
export function quickWordEnd(text: string, at: number): number {
  wordUnits ??= buildWordUnits();
  const units = wordUnits;
  let seen = 0;
  let start = at;
  for (let unit; start > 0 && (unit = units[charCodeAt.call(text, start - 1)] as number) !== 0; start--)
    seen |= unit;
  let end = at;
  for (let unit; end < text.length && (unit = units[charCodeAt.call(text, end)] as number) !== 0; end++)
    seen |= unit;
  measureRuns(text, at, end);
  const scripts = seen & SCRIPTS;
  if ((scripts & HAN_FAMILY) !== 0)
    return (scripts & ~HAN_FAMILY) === 0 && ((seen & ANCHOR) !== 0 || (seen & DIGIT) === 0) ? end : -1;
  if ((scripts & (scripts - 1)) !== 0) return -1;
  // Letters are counted only where they matter: in Cyrillic words, and where a second letter decides.
  const letters = (seen & DIGIT) === 0 ? end - start : lettersIn(text, start, end, units);
  if (scripts === CYRILLIC) scanState[CYRILLIC_LETTERS] = (scanState[CYRILLIC_LETTERS] as number) + letters;
  const rightToLeft = ((units[charCodeAt.call(text, start)] as number) & ARABIC) !== 0;
  if (letters < 2 || (seen & STEADFAST) !== 0 || rightToLeft) return end;
  if (scripts !== CYRILLIC) return -1;
  scanState[CYRILLIC_LOOKALIKE] = 1;
  return end;
}

/** The letters of a known word at [start, end): its code units that are not ASCII digits. */
function lettersIn(text: string, start: number, end: number, units: Readonly<Uint8Array>): number {
  let letters = 0;
  for (let i = start; i < end; i++) if (units[charCodeAt.call(text, i)] !== DIGIT) letters++;
  return letters;
}

/**
 * Measures the token runs of the known word at [at, end), whose first letter outside ASCII is at `at`:
 * ASCII letters and digits continue a run, other letters end one. Only a word longer than the threshold
 * can hold a long run between two such letters; the run open at its end is left in {@link scanState}.
 */
function measureRuns(text: string, at: number, end: number): void {
  let last = end - 1;
  while (charCodeAt.call(text, last) < 0x80) last--;
  if (last - at > MIN_TOKEN_RUN) {
    for (let i = at + 1, outside = at; i <= last; i++) {
      if (charCodeAt.call(text, i) < 0x80) continue;
      if (i - outside > MIN_TOKEN_RUN) scanState[LONG_RUN] = 1;
      outside = i;
    }
  }
  scanState[RUN_FROM] = last + 1;
}

// The quick scan: one pass over character codes that proves a text needs no Unicode work and holds no secret shape.
import {
  credentialNameBefore,
  MIN_TOKEN_RUN,
  rareShapeAt,
  SECRET_CHAR_KINDS,
  SECRET_KIND,
  userinfoPossible,
} from '../../secrets/quick-check.js';
import { quickLetterScript, quickWordEnd } from './quick-words.js';

/**
 * `String.prototype.charCodeAt`, called as `charCodeAt.call(text, i)` in the loops below: read this way a
 * character costs the same whatever strings a loop met before (read as `text.charCodeAt`, a loop that has
 * seen strings of several internal representations, such as ropes built with `+=`, slows down severalfold).
 * A constant of this module, not an import: the compiler folds a module's own constant into the loop.
 */
// eslint-disable-next-line @typescript-eslint/unbound-method -- always called with `.call(text, index)`
const charCodeAt: (this: string, index: number) => number = String.prototype.charCodeAt;

/** What {@link quickScan} proved, as bits. */
export const QUICK = Object.freeze({
  /** Nothing to clean, normalize or judge: no special, no NFC-sensitive character, no word to look at. */
  plain: 1,
  /** A secret may be there: the detector must run (without this bit, it would find nothing). */
  secretShape: 2,
});

const { run: RUN, trigger: TRIGGER, rare: RARE, userinfo: USERINFO } = SECRET_KIND;
const ATTENTION = 16;
const LETTER = 32;
const UNKNOWN = 64;
const LEAD = 128;
/** A trail surrogate: {@link LEAD} and {@link UNKNOWN} together. */
const TRAIL = LEAD | UNKNOWN;
const KNOWN_LETTER = ATTENTION | LETTER;

/**
 * Code points outside ASCII that are neither letters, marks nor numbers, nor special, nor NFC-sensitive:
 * punctuation, symbols and spaces common in prose (Latin-1 signs, dashes and quotes, arrows, shapes, CJK
 * and full-width punctuation, Arabic punctuation). Pairs of first and last; a test checks each against the
 * Unicode data.
 */
export const QUICK_SYMBOLS: readonly (readonly [number, number])[] = Object.freeze([
  [0xa0, 0xa9],
  [0xab, 0xac],
  [0xae, 0xb1],
  [0xb4, 0xb4],
  [0xb6, 0xb8],
  [0xbb, 0xbb],
  [0xbf, 0xbf],
  [0xd7, 0xd7],
  [0xf7, 0xf7],
  [0x60c, 0x60c],
  [0x61b, 0x61b],
  [0x61f, 0x61f],
  [0x2010, 0x2027],
  [0x2030, 0x205e],
  [0x20a0, 0x20c0],
  [0x2190, 0x22ff],
  [0x2500, 0x2775],
  [0x2794, 0x27bf],
  [0x2b00, 0x2b73],
  [0x3000, 0x3004],
  [0x3008, 0x3020],
  [0xff01, 0xff0f],
  [0xff1a, 0xff20],
]);

/** Emoji and pictographs (U+1F300–U+1FAFF): symbols, none special or NFC-sensitive. */
const PICTOGRAPHS_FIRST = 0x1f300;
const PICTOGRAPHS_LAST = 0x1faff;

/** Per UTF-16 code unit, what the quick scan does with it: built by the first scan, not at import. */
let units: Readonly<Uint8Array> | undefined;

function unitTable(): Readonly<Uint8Array> {
  units ??= buildUnitTable();
  return units;
}

function buildUnitTable(): Uint8Array {
  const table = new Uint8Array(0x10000).fill(ATTENTION | UNKNOWN);
  for (let c = 0; c < 0x80; c++) table[c] = (SECRET_CHAR_KINDS[c] ?? 0) & (RUN | TRIGGER | RARE | USERINFO);
  for (let c = 0; c < 0x20; c++) table[c] = ATTENTION | UNKNOWN;
  table[0x7f] = ATTENTION | UNKNOWN;
  table[0x09] = table[0x0a] = ATTENTION;
  for (const [first, last] of QUICK_SYMBOLS) table.fill(0, first, last + 1);
  for (let c = 0x80; c < 0x10000; c++) if (quickLetterScript(c) !== 0) table[c] = KNOWN_LETTER;
  table.fill(ATTENTION | LEAD, 0xd800, 0xdc00);
  table.fill(ATTENTION | TRAIL, 0xdc00, 0xe000);
  return table;
}

/**
 * One pass over `text`, from character codes and one table read each (no Unicode property lookups). A text
 * is `plain` when every character is printable ASCII, a layout character the options keep, a known letter
 * or a listed symbol, and every word holding a letter outside ASCII is in one script and could not pass
 * for a word of another: exactly when the full path would return it unchanged without a finding. The same
 * pass runs the secret detector's quick check (token runs, a credential name before an operator, rare
 * shapes). A text that is not plain stops the scan: the full path then does all the work.
 *
 * Most characters are ASCII letters and digits, which only continue a token run, and spaces and symbols,
 * which end one: {@link skipQuiet} passes over those in a loop that calls nothing (so the compiler keeps its
 * state in registers) and measures each run where it ends. This loop handles the rest, one character at a
 * time. The rare-shape checks are called only where the next character can start a shape.
 */
export function quickScan(text: string, multiline: boolean): number {
  const table = unitTable();
  const length = text.length;
  runState[RUN_FROM] = 0;
  runState[LONG_RUN] = 0;
  let secret = false;
  let userinfo = 0;
  let wordEnd = 0;
  // The index of the trail surrogate of the last pictograph: a trail is accepted only there.
  let pictographTrail = -1;
  for (let i = skipQuiet(text, table, 0, wordEnd); i < length; i = skipQuiet(text, table, i + 1, wordEnd)) {
    const c = charCodeAt.call(text, i);
    const unit = table[c] as number;
    if (unit === KNOWN_LETTER) {
      // One judgement per word, at its first letter outside ASCII; skipQuiet passes over the rest of it.
      if ((wordEnd = quickWordEnd(text, i)) < 0) return 0;
      continue;
    }
    if ((unit & TRIGGER) !== 0 && !secret && credentialNameBefore(text, i)) secret = true;
    if ((unit & RARE) !== 0 && !secret && mayStartRareShape(text, i, c) && rareShapeAt(text, i))
      secret = true;
    if ((unit & USERINFO) !== 0) userinfo |= SECRET_CHAR_KINDS[c] as number;
    if ((unit & ATTENTION) === 0) continue;
    if ((unit & TRAIL) === TRAIL) {
      if (i !== pictographTrail) return 0;
    } else if ((unit & LEAD) !== 0) {
      if (!pictographAt(text, i, c)) return 0;
      pictographTrail = i + 1;
    } else if ((unit & UNKNOWN) !== 0 || !multiline) {
      return 0;
    }
  }
  if (runState[LONG_RUN] === 1 || length - runState[RUN_FROM] >= MIN_TOKEN_RUN) secret = true;
  return QUICK.plain | (secret || userinfoPossible(userinfo) ? QUICK.secretShape : 0);
}

/** Where the open token run started, and 1 once a run as long as the prefilter's threshold has ended. */
const runState = new Int32Array(2);
const RUN_FROM = 0;
const LONG_RUN = 1;

/**
 * The index of the first character at or after `from` that the quick scan must look at: not a token
 * character, a space or a listed symbol, nor a known letter of the word already judged (which ends at
 * `wordEnd`). Token runs are measured as they end, in {@link runState}.
 */
function skipQuiet(text: string, table: Readonly<Uint8Array>, from: number, wordEnd: number): number {
  const length = text.length;
  let runFrom = runState[RUN_FROM] as number;
  for (let i = from; i < length; i++) {
    const unit = table[charCodeAt.call(text, i)] as number;
    if (unit === RUN) continue;
    if ((unit & RUN) === 0) {
      if (i - runFrom >= MIN_TOKEN_RUN) runState[LONG_RUN] = 1;
      runFrom = i + 1;
      if (unit === 0 || (unit === KNOWN_LETTER && i < wordEnd)) continue;
    }
    runState[RUN_FROM] = runFrom;
    return i;
  }
  runState[RUN_FROM] = runFrom;
  return length;
}

/** True when the lead surrogate `lead` at `at` starts a pair that is a pictograph (U+1F300–U+1FAFF). */
function pictographAt(text: string, at: number, lead: number): boolean {
  const trail = at + 1 < text.length ? charCodeAt.call(text, at + 1) : 0;
  if (trail < 0xdc00 || trail > 0xdfff) return false;
  const codePoint = (lead - 0xd800) * 0x400 + (trail - 0xdc00) + 0x10000;
  return codePoint >= PICTOGRAPHS_FIRST && codePoint <= PICTOGRAPHS_LAST;
}

const HYPHEN = 0x2d;
const PERIOD = 0x2e;
const PERCENT = 0x25;
const SMALL_E = 0x65;
const SMALL_U = 0x75;
const DIGIT_THREE = 0x33;

/**
 * False when no rare shape can start at the rare character `c` at `at`, judged from the character after
 * it: every shape {@link rareShapeAt} knows continues `--`, `-u`, `.e` or `%3` (or, for `~`, is decided there).
 */
function mayStartRareShape(text: string, at: number, c: number): boolean {
  const next = at + 1 < text.length ? charCodeAt.call(text, at + 1) : 0;
  if (c === HYPHEN) return next === HYPHEN || next === SMALL_U;
  if (c === PERIOD) return next === SMALL_E;
  if (c === PERCENT) return next === DIGIT_THREE;
  return true;
}

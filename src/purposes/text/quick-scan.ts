// The quick scan: one pass over character codes that proves a text needs no Unicode work and holds no secret shape.
import {
  credentialNameBefore,
  MIN_TOKEN_RUN,
  rareShapeAt,
  SECRET_CHAR_KINDS,
  SECRET_KIND,
  userinfoPossible,
} from '../../secrets/quick-check.js';
import {
  CYRILLIC_LETTERS,
  CYRILLIC_LOOKALIKE,
  LONG_RUN,
  quickLetterScript,
  quickWordEnd,
  RUN_FROM,
  scanState,
} from './quick-words.js';

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

/** Per UTF-16 code unit, what the quick scan does with it, for multiline text and for one line: built on first use. */
const tables: (Readonly<Uint8Array> | undefined)[] = [undefined, undefined];

function unitTable(multiline: boolean): Readonly<Uint8Array> {
  const index = multiline ? 1 : 0;
  return (tables[index] ??= buildUnitTable(multiline));
}

function buildUnitTable(multiline: boolean): Uint8Array {
  const table = new Uint8Array(0x10000).fill(ATTENTION | UNKNOWN);
  for (let c = 0; c < 0x80; c++) table[c] = (SECRET_CHAR_KINDS[c] ?? 0) & (RUN | TRIGGER | RARE | USERINFO);
  for (let c = 0; c < 0x20; c++) table[c] = ATTENTION | UNKNOWN;
  table[0x7f] = ATTENTION | UNKNOWN;
  // Tab and line feed are kept as they are in multiline text (they end a token run like a space).
  if (multiline) table[0x09] = table[0x0a] = 0;
  for (const [first, last] of QUICK_SYMBOLS) table.fill(0, first, last + 1);
  for (let c = 0x80; c < 0x10000; c++) if (quickLetterScript(c) !== 0) table[c] = KNOWN_LETTER;
  table.fill(ATTENTION | LEAD, 0xd800, 0xdc00);
  table.fill(ATTENTION | TRAIL, 0xdc00, 0xe000);
  return table;
}

/**
 * One pass over `text`, from character codes and one table read each (no Unicode property lookups). A text
 * is `plain` when every character is printable ASCII, a layout character the options keep, a known letter
 * or a listed symbol, and every word holding a letter outside ASCII is harmless (see {@link quickWordEnd}):
 * exactly when the full path would return it unchanged without a finding. The same pass runs the secret
 * detector's quick check (token runs, a credential name before an operator, rare shapes). A text that is
 * not plain stops the scan: the full path then does all the work.
 *
 * Most characters are ASCII letters and digits, which only continue a token run, and spaces and symbols,
 * which end one: {@link skipQuiet} passes over those (and over periods and hyphens that cannot start a rare
 * shape) in a loop that calls nothing else (so the compiler keeps its state in registers) and measures each
 * run where it ends. This loop handles the rest, one character at a time, and each word with a letter
 * outside ASCII once, from its first such letter to its end (tab and line feed of multiline text are quiet).
 */
export function quickScan(text: string, multiline: boolean): number {
  const table = unitTable(multiline);
  const length = text.length;
  // Four stores rather than fill(): this runs once per text, and a builtin call would cost as much.
  scanState[RUN_FROM] = scanState[LONG_RUN] = scanState[CYRILLIC_LETTERS] = scanState[CYRILLIC_LOOKALIKE] = 0;
  let secret = false;
  let userinfo = 0;
  // The index of the trail surrogate of the last pictograph: a trail is accepted only there.
  let pictographTrail = -1;
  for (let i = skipQuiet(text, table, 0); i < length; i = skipQuiet(text, table, i + 1)) {
    const c = charCodeAt.call(text, i);
    const unit = table[c] as number;
    if (unit === KNOWN_LETTER) {
      // A word with a letter outside ASCII, judged once, at its first such letter: the scan goes on after it.
      const end = quickWordEnd(text, i);
      if (end < 0) return 0;
      i = end - 1;
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
    } else {
      return 0;
    }
  }
  // A Cyrillic word that could pass for a word of another script is judged unless Cyrillic dominates.
  if (scanState[CYRILLIC_LOOKALIKE] === 1 && !dominates(scanState[CYRILLIC_LETTERS], length)) return 0;
  if (scanState[LONG_RUN] === 1 || length - scanState[RUN_FROM] >= MIN_TOKEN_RUN) secret = true;
  return QUICK.plain | (secret || userinfoPossible(userinfo) ? QUICK.secretShape : 0);
}

/**
 * True when `letters` of one script surely outnumber the letters of every other script in a text of
 * `length` code units: the word scan counts at most one letter per code unit.
 */
function dominates(letters: number, length: number): boolean {
  return letters > length - letters;
}

/**
 * The index of the first character at or after `from` that the quick scan must look at: not a token
 * character, a space or a listed symbol, nor a period that cannot start a rare shape. Token runs are
 * measured as they end, in {@link scanState}.
 */
function skipQuiet(text: string, table: Readonly<Uint8Array>, from: number): number {
  const length = text.length;
  let runFrom = scanState[RUN_FROM] as number;
  let i = from;
  for (; i < length; i++) {
    const c = charCodeAt.call(text, i);
    const unit = table[c] as number;
    if (unit === RUN) continue;
    if ((unit & RUN) === 0) {
      if (i - runFrom >= TOKEN_RUN) scanState[LONG_RUN] = 1;
      runFrom = i + 1;
      if (unit === 0) continue;
      if (c !== PERIOD) break;
    } else if (c !== HYPHEN) {
      break;
    }
    // A period or a hyphen: quiet unless the character after it may continue a rare shape.
    if (mayStartRareShape(text, i, c)) break;
  }
  scanState[RUN_FROM] = runFrom;
  return i;
}

/** True when the lead surrogate `lead` at `at` starts a pair that is a pictograph (U+1F300–U+1FAFF). */
function pictographAt(text: string, at: number, lead: number): boolean {
  const trail = at + 1 < text.length ? charCodeAt.call(text, at + 1) : 0;
  if (trail < 0xdc00 || trail > 0xdfff) return false;
  const codePoint = (lead - 0xd800) * 0x400 + (trail - 0xdc00) + 0x10000;
  return codePoint >= PICTOGRAPHS_FIRST && codePoint <= PICTOGRAPHS_LAST;
}

/** {@link MIN_TOKEN_RUN} as this module's own constant: the loop reads it without the check an import needs. */
const TOKEN_RUN = MIN_TOKEN_RUN;
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

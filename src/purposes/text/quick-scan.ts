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

/** Per UTF-16 code unit, what the quick scan does with it. */
const UNITS: Readonly<Uint8Array> = (() => {
  const units = new Uint8Array(0x10000).fill(ATTENTION | UNKNOWN);
  for (let c = 0; c < 0x80; c++) units[c] = (SECRET_CHAR_KINDS[c] ?? 0) & (RUN | TRIGGER | RARE | USERINFO);
  for (let c = 0; c < 0x20; c++) units[c] = ATTENTION | UNKNOWN;
  units[0x7f] = ATTENTION | UNKNOWN;
  units[0x09] = units[0x0a] = ATTENTION;
  for (const [first, last] of QUICK_SYMBOLS) units.fill(0, first, last + 1);
  for (let c = 0x80; c < 0x10000; c++) if (quickLetterScript(c) !== 0) units[c] = KNOWN_LETTER;
  units.fill(ATTENTION | LEAD, 0xd800, 0xdc00);
  return units;
})();

/**
 * One pass over `text`, from character codes and one table read each (no Unicode property lookups). A text
 * is `plain` when every character is printable ASCII, a layout character the options keep, a known letter
 * or a listed symbol, and every word holding a letter outside ASCII is in one script and could not pass
 * for a word of another: exactly when the full path would return it unchanged without a finding. The same
 * pass runs the secret detector's quick check (token runs, a credential name before an operator, rare
 * shapes). A text that is not plain stops the scan: the full path then does all the work.
 */
export function quickScan(text: string, multiline: boolean): number {
  let run = 0;
  let secret = false;
  let userinfo = 0;
  let wordEnd = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const unit = UNITS[c] as number;
    if ((unit & RUN) !== 0) {
      if (++run === MIN_TOKEN_RUN) secret = true;
      if (unit === RUN) continue;
    } else {
      run = 0;
      if (unit === 0) continue;
      if (unit === KNOWN_LETTER) {
        // One judgement per word, at its first letter outside ASCII.
        if (i >= wordEnd && (wordEnd = quickWordEnd(text, i)) < 0) return 0;
        continue;
      }
    }
    if ((unit & TRIGGER) !== 0 && !secret && credentialNameBefore(text, i)) secret = true;
    if ((unit & RARE) !== 0 && !secret && rareShapeAt(text, i)) secret = true;
    if ((unit & USERINFO) !== 0) userinfo |= SECRET_CHAR_KINDS[c] as number;
    if ((unit & ATTENTION) === 0) continue;
    if ((unit & LEAD) !== 0) {
      const codePoint = text.codePointAt(i) ?? 0;
      if (codePoint < PICTOGRAPHS_FIRST || codePoint > PICTOGRAPHS_LAST) return 0;
      i++;
    } else if ((unit & UNKNOWN) !== 0 || !multiline) {
      return 0;
    }
  }
  return QUICK.plain | (secret || userinfoPossible(userinfo) ? QUICK.secretShape : 0);
}

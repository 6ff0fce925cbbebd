// Words the quick scan can judge from character codes alone: letters of four scripts by range, no lookups.

/** `String.prototype.charCodeAt`, for `.call(text, i)` in loops: see quick-scan.ts for why. */
// eslint-disable-next-line @typescript-eslint/unbound-method -- always called with `.call(text, index)`
const charCodeAt: (this: string, index: number) => number = String.prototype.charCodeAt;

/** Script buckets of the letters the quick scan knows (0: not a letter it knows). */
export const QUICK_SCRIPT = Object.freeze({ latin: 1, cyrillic: 2, arabic: 3, han: 4 });

/**
 * Cyrillic letters U+0400–U+045F that the confusable skeleton leaves as they are, as a bit per letter
 * (bit `c - 0x400` of word `(c - 0x400) >> 5`). A test checks it against the Unicode data.
 */
const CYRILLIC_STEADFAST = Uint32Array.of(0x0150_8e04, 0x0850_a7c0, 0x8604_63c0);

/** Han ideographs U+4E00–U+9FEF that the skeleton changes (every other one stays as it is). Checked by a test. */
const HAN_CHANGED: ReadonlySet<number> = new Set([
  0x4e00, 0x4e36, 0x4e3f, 0x5002, 0x503c, 0x555f, 0x56d7, 0x586b, 0x58eb, 0x58ff, 0x5b00, 0x5e32, 0x5e50,
  0x6238, 0x6409, 0x6663, 0x6669, 0x66f6, 0x6726, 0x67ff, 0x69e9, 0x6a27, 0x6f59, 0x784f, 0x7d76, 0x80a6,
  0x80ca, 0x80d0, 0x80f6, 0x8101, 0x8127, 0x8141, 0x81a7, 0x853f, 0x8641, 0x8a1e, 0x8a7d, 0x8b8f, 0x8c63,
  0x8d86, 0x8dfa, 0x8e9b, 0x8f27, 0x90de, 0x93ae, 0x96b8, 0x9e43, 0x9ed2, 0x9fc3,
]);

const LATIN_CAPITAL_I = 0x49;
const LATIN_SMALL_M = 0x6d;

/**
 * The script bucket of a UTF-16 code unit that is a letter the quick scan knows, else 0: ASCII and Latin-1
 * letters and Latin Extended-A, Cyrillic U+0400–U+045F, the Arabic letters U+0620–U+063F and U+0641–U+064A
 * (not the tatweel), and the CJK Unified Ideographs U+4E00–U+9FEF. None is NFC-sensitive or special.
 */
export function quickLetterScript(c: number): number {
  if (c < 0x80) return (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a ? QUICK_SCRIPT.latin : 0;
  if (c < 0x180) return c >= 0xc0 && c !== 0xd7 && c !== 0xf7 ? QUICK_SCRIPT.latin : 0;
  if (c < 0x400) return 0;
  if (c <= 0x45f) return QUICK_SCRIPT.cyrillic;
  if (c >= 0x620 && c <= 0x64a) return c === 0x640 ? 0 : QUICK_SCRIPT.arabic;
  return c >= 0x4e00 && c <= 0x9fef ? QUICK_SCRIPT.han : 0;
}

/**
 * True when the skeleton surely leaves this letter as it is. ASCII letters other than `I` and `m`, the
 * listed Cyrillic ones, Han ideographs other than the listed ones; false (not known) for the others.
 */
export function surelySteadfast(c: number, script: number): boolean {
  if (script === QUICK_SCRIPT.latin) return c < 0x80 && c !== LATIN_CAPITAL_I && c !== LATIN_SMALL_M;
  if (script === QUICK_SCRIPT.cyrillic) {
    const bit = c - 0x400;
    return (((CYRILLIC_STEADFAST[bit >> 5] ?? 0) >>> (bit & 31)) & 1) === 1;
  }
  return script === QUICK_SCRIPT.han && !HAN_CHANGED.has(c);
}

const DIGIT = 8;
const STEADFAST = 16;
const SCRIPT_BITS = 7;

/**
 * Per UTF-16 code unit: its {@link quickLetterScript}, and whether it is an ASCII digit or a steadfast letter.
 * Built by the first word judged, not at import.
 */
let wordUnits: Readonly<Uint8Array> | undefined;

function buildWordUnits(): Uint8Array {
  const table = new Uint8Array(0x10000);
  for (let c = 0x30; c <= 0x39; c++) table[c] = DIGIT;
  for (let c = 0; c < 0x10000; c++) {
    const script = quickLetterScript(c);
    if (script !== 0) table[c] = script | (surelySteadfast(c, script) ? STEADFAST : 0);
  }
  return table;
}

/**
 * Judges the word around the known letter at `at` (its start found by reading back over known letters and
 * ASCII digits) the way the word scan would: it is harmless when its letters are in one script and it is
 * no confusable candidate (fewer than two letters, a letter the skeleton keeps, or a right-to-left start).
 * @returns Where the word ends, or -1 when it needs the full judgement (or holds something unknown).
 */
export function quickWordEnd(text: string, at: number): number {
  wordUnits ??= buildWordUnits();
  const units = wordUnits;
  let start = at;
  while (start > 0 && (units[charCodeAt.call(text, start - 1)] as number) !== 0) start--;
  let script = 0;
  let letters = 0;
  let steadfast = 0;
  let end = start;
  for (; end < text.length; end++) {
    const unit = units[charCodeAt.call(text, end)] as number;
    if (unit === 0) break;
    if (unit === DIGIT) continue;
    const letterScript = unit & SCRIPT_BITS;
    if (script === 0) script = letterScript;
    else if (letterScript !== script) return -1;
    letters++;
    steadfast |= unit;
  }
  const rightToLeft = ((units[charCodeAt.call(text, start)] as number) & SCRIPT_BITS) === QUICK_SCRIPT.arabic;
  return letters >= 2 && (steadfast & STEADFAST) === 0 && !rightToLeft ? -1 : end;
}

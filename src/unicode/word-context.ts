// Script-aware rules for invisible characters that some writing systems need inside words.
import { codePointAtIndex, codePointBefore, unitLength } from './codepoint.js';
import { isEmojiCharacter, isEmojiModifier, isPictographic, EMOJI_PRESENTATION_SELECTOR } from './emoji.js';
import { isLetter, isLetterOrMark, isVirama, scriptOf } from './properties.js';
import { SCAN_FLAGS, scanFactsOf } from './scan-facts.js';

/**
 * Scripts whose spelling uses ZWJ and ZWNJ: cursive-joining scripts (ZWNJ breaks a join, as in Persian
 * "می‌خواهم") and Brahmic scripts with a virama (ZWJ and ZWNJ choose conjunct, half, final or explicit-virama
 * forms).
 */
const JOINER_SCRIPTS: ReadonlySet<string> = new Set([
  'Arabic',
  'Syriac',
  'Nko',
  'Mongolian',
  'Mandaic',
  'Manichaean',
  'Psalter_Pahlavi',
  'Adlam',
  'Hanifi_Rohingya',
  'Sogdian',
  'Old_Uyghur',
  'Phags_Pa',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Tibetan',
  'Myanmar',
  'Khmer',
  'Javanese',
  'Balinese',
  'Sundanese',
  'Tirhuta',
  'Grantha',
  'Newa',
  'Sharada',
  'Takri',
  'Modi',
  'Kaithi',
  'Brahmi',
  'Limbu',
  'Tai_Tham',
  'Chakma',
  'Meetei_Mayek',
]);

/** Scripts written without spaces, where ZERO WIDTH SPACE marks a word boundary for line breaking. */
const SPACELESS_SCRIPTS: ReadonlySet<string> = new Set([
  'Thai',
  'Lao',
  'Khmer',
  'Myanmar',
  'Tai_Tham',
  'Tai_Viet',
  'New_Tai_Lue',
  'Javanese',
  'Balinese',
]);

/**
 * Whether a zero-width character at `index` belongs where it is. Every rule needs the character to follow a
 * real character directly (so a run of invisibles never survives) and looks past removable specials for
 * the next real one; those neighbours are never removed, which keeps sanitizing idempotent.
 */
export function keepsZeroWidth(text: string, index: number, codePoint: number): boolean {
  switch (codePoint) {
    case 0x200d:
      return joinsEmoji(text, index) || joinsScript(text, index);
    case 0x200c:
      return joinsScript(text, index);
    case 0x200b:
      return separatesSpacelessWords(text, index);
    case 0x180e:
      return betweenLettersOf(text, index, 'Mongolian');
    default:
      return false;
  }
}

/** Whether an invisible character at `index` has a job there (CGJ before a mark, conjoining Hangul fillers). */
export function keepsInvisible(text: string, index: number, codePoint: number): boolean {
  const before = codePointBefore(text, index);
  const after = codePointAtIndex(text, index + unitLength(codePoint));
  switch (codePoint) {
    case 0x034f:
      return (
        isRealLetterOrMark(before) &&
        after >= 0 &&
        !isRemovable(after) &&
        !isLetter(after) &&
        isLetterOrMark(after)
      );
    case 0x115f:
      return (after >= 0x1161 && after <= 0x11a7) || (after >= 0xd7b0 && after <= 0xd7c6);
    case 0x1160:
      return (before >= 0x1100 && before <= 0x115e) || (before >= 0xa960 && before <= 0xa97c);
    default:
      return false;
  }
}

function joinsEmoji(text: string, index: number): boolean {
  const before = codePointBefore(text, index);
  const after = codePointAtIndex(text, index + 1);
  if (!isPictographic(after)) return false;
  if (before === EMOJI_PRESENTATION_SELECTOR) return isEmojiCharacter(codePointBefore(text, index - 1));
  return !isRemovable(before) && (isPictographic(before) || isEmojiModifier(before));
}

/**
 * ZWJ or ZWNJ as spelling: between letters of a script that uses them, or right after a virama that closes a
 * consonant of its own script, whatever follows (Malayalam `അവന്` then ZWJ: the ZWJ makes the final n, a
 * chillu).
 */
function joinsScript(text: string, index: number): boolean {
  const before = codePointBefore(text, index);
  if (!isRealLetterOrMark(before)) return false;
  const script = baseScriptBefore(text, index);
  if (!JOINER_SCRIPTS.has(script)) return false;
  return nextRealIsLetterOrMarkOf(text, index + 1, script) || closesConsonant(text, index, before, script);
}

/** True when `virama`, just before `index`, follows a letter or mark spelled in the virama's own script. */
function closesConsonant(text: string, index: number, virama: number, script: string): boolean {
  if (!isVirama(virama) || scriptOf(virama) !== script) return false;
  const start = index - unitLength(virama);
  return isRealLetterOrMark(codePointBefore(text, start)) && baseScriptBefore(text, start) === script;
}

function separatesSpacelessWords(text: string, index: number): boolean {
  if (!isRealLetterOrMark(codePointBefore(text, index))) return false;
  const script = baseScriptBefore(text, index);
  return SPACELESS_SCRIPTS.has(script) && nextRealIsLetterOrMarkOf(text, index + 1, script);
}

function betweenLettersOf(text: string, index: number, script: string): boolean {
  const before = codePointBefore(text, index);
  return (
    isRealLetterOrMark(before) &&
    scriptOf(before) === script &&
    nextRealIsLetterOrMarkOf(text, index + 1, script)
  );
}

/** True for a code point that cleaning may remove (see special.ts), read from the scan facts. */
function isRemovable(codePoint: number): boolean {
  return codePoint >= 0 && (scanFactsOf(codePoint) & SCAN_FLAGS.removable) !== 0;
}

function isRealLetterOrMark(codePoint: number): boolean {
  return codePoint >= 0 && !isRemovable(codePoint) && isLetterOrMark(codePoint);
}

/**
 * The script of the spelling that ends at `end`: the script of the code point before it, or for a combining
 * mark that inherits its script, the script of the base it sits on. Stops at a removable special, since the
 * base must survive cleaning for the answer to hold on a second pass.
 */
function baseScriptBefore(text: string, end: number): string {
  for (let index = end; index > 0;) {
    const codePoint = codePointBefore(text, index);
    if (isRemovable(codePoint)) break;
    const script = scriptOf(codePoint);
    if (script !== 'Inherited') return script;
    index -= unitLength(codePoint);
  }
  return 'Common';
}

/** True when the first non-removable code point from `from` is a letter or mark of `script`. */
function nextRealIsLetterOrMarkOf(text: string, from: number, script: string): boolean {
  let index = from;
  while (index < text.length) {
    const codePoint = codePointAtIndex(text, index);
    if (!isRemovable(codePoint)) {
      return (
        isLetterOrMark(codePoint) && (scriptOf(codePoint) === script || scriptOf(codePoint) === 'Inherited')
      );
    }
    index += unitLength(codePoint);
  }
  return false;
}

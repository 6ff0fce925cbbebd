// Character properties from unicode-properties (the project's only importer of it): script, category, virama.
import { createRequire } from 'node:module';
import { PROPERTY_RUNS, PROPERTY_RUN_SCRIPTS } from './generated/property-runs.js';

type UnicodeProperties = typeof import('unicode-properties');

/**
 * The package, loaded on the first lookup it alone answers (virama): its tables are inflated when it loads.
 * Script and category come from its data tabulated ahead of time (generated/property-runs.ts).
 */
let unicodeProperties: UnicodeProperties | undefined;

function lookups(): UnicodeProperties {
  unicodeProperties ??= createRequire(import.meta.url)('unicode-properties') as UnicodeProperties;
  return unicodeProperties;
}

const LETTER = 1;
const MARK = 2;
const DECIMAL_DIGIT = 4;
const NUMBER = 8;
const FLAG_BITS = 4;
const LAST_CODE_POINT = 0x10ffff;

/**
 * The scripts of the Basic Multilingual Plane in the order they first appear in it, after Common and
 * Inherited (ids 0 and 1, the wildcard scripts). Script ids follow this list, so they, and with them which
 * script wins a tie, never depend on the order in which texts were seen; test/unicode checks it against the
 * data. Scripts met only outside the plane get the next ids.
 */
const BASIC_PLANE_SCRIPTS: readonly string[] = [
  ...['Common', 'Inherited', 'Latin', 'Bopomofo', 'Greek', 'Coptic', 'Cyrillic', 'Armenian', 'Hebrew'],
  ...['Arabic', 'Syriac', 'Thaana', 'Nko', 'Samaritan', 'Mandaic', 'Devanagari', 'Bengali', 'Gurmukhi'],
  ...['Gujarati', 'Oriya', 'Tamil', 'Telugu', 'Kannada', 'Malayalam', 'Sinhala', 'Thai', 'Lao', 'Tibetan'],
  ...['Myanmar', 'Georgian', 'Hangul', 'Ethiopic', 'Cherokee', 'Canadian_Aboriginal', 'Ogham', 'Runic'],
  ...['Tagalog', 'Hanunoo', 'Buhid', 'Tagbanwa', 'Khmer', 'Mongolian', 'Limbu', 'Tai_Le', 'New_Tai_Lue'],
  ...['Buginese', 'Tai_Tham', 'Balinese', 'Sundanese', 'Batak', 'Lepcha', 'Ol_Chiki', 'Braille'],
  ...['Glagolitic', 'Tifinagh', 'Han', 'Hiragana', 'Katakana', 'Yi', 'Lisu', 'Vai', 'Bamum', 'Syloti_Nagri'],
  ...['Phags_Pa', 'Saurashtra', 'Kayah_Li', 'Rejang', 'Javanese', 'Cham', 'Tai_Viet', 'Meetei_Mayek'],
  'Unknown',
];

/** Script names by id. */
const scriptNames: string[] = [...BASIC_PLANE_SCRIPTS];
const scriptIds = new Map<string, number>(scriptNames.map((name, id) => [name, id]));
/** Packed properties of the Basic Multilingual Plane, filled a page at a time as code points are asked. */
const basicPlane = new Uint16Array(0x10000);
/** 1 for each page of {@link basicPlane} already filled. */
const basicPages = new Uint8Array(0x10000 >> 8);

/** Code points per page of the supplementary-plane cache: 2 ** PAGE_BITS. */
const PAGE_BITS = 8;
const PAGE_SIZE = 1 << PAGE_BITS;
/** A cache entry not yet computed (packed values fit in 16 bits, so -1 is never one). */
const UNKNOWN = -1;
/** Pages of computed supplementary-plane answers, by `codePoint / PAGE_SIZE`; a page is made when first used. */
const supplementaryPages: (Int32Array | undefined)[] = [];

/** Category flags of {@link packedProperties}. */
export const CATEGORY_FLAGS = Object.freeze({
  letter: LETTER,
  mark: MARK,
  decimalDigit: DECIMAL_DIGIT,
  number: NUMBER,
});

/**
 * Script id and category flags of a code point packed in 16 bits (read them with {@link scriptIdOf} and
 * {@link CATEGORY_FLAGS}), for loops that visit every character. The Basic Multilingual Plane is tabulated
 * a page of 256 code points at a time, when a code point of the page is first asked (128 KB in all), so a
 * lookup is an array read or two; other planes (emoji, historic scripts, rare ideographs) are computed once
 * per code point and kept in pages of 256, at most 4 MB however many distinct code points a text holds.
 */
export function packedProperties(codePoint: number): number {
  if (codePoint < 0) return 0;
  if (codePoint <= 0xffff) {
    const pageIndex = codePoint >> PAGE_BITS;
    if (basicPages[pageIndex] === 0) tabulateBasicPage(pageIndex);
    return basicPlane[codePoint] ?? 0;
  }
  if (codePoint > LAST_CODE_POINT) return computeProperties(codePoint);
  const pageIndex = codePoint >> PAGE_BITS;
  let page = supplementaryPages[pageIndex];
  if (page === undefined) {
    page = new Int32Array(PAGE_SIZE).fill(UNKNOWN);
    supplementaryPages[pageIndex] = page;
  }
  const offset = codePoint & (PAGE_SIZE - 1);
  let packed = page[offset] ?? UNKNOWN;
  if (packed === UNKNOWN) {
    packed = computeProperties(codePoint);
    page[offset] = packed;
  }
  return packed;
}

function tabulateBasicPage(pageIndex: number): void {
  const first = pageIndex << PAGE_BITS;
  for (let codePoint = first; codePoint < first + PAGE_SIZE; codePoint++)
    basicPlane[codePoint] = computeProperties(codePoint);
  basicPages[pageIndex] = 1;
}

function computeProperties(codePoint: number): number {
  if (codePoint > LAST_CODE_POINT) return packProperties(...propertiesFromPackage(codePoint));
  const { ends, packed } = (runs ??= decodeRuns());
  let low = 0;
  let high = ends.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((ends[middle] ?? 0) > codePoint) high = middle;
    else low = middle + 1;
  }
  return packed[low] ?? 0;
}

/** The generated runs of equal properties, decoded on first use: run `i` ends before `ends[i]`. */
let runs: { readonly ends: Uint32Array; readonly packed: Uint16Array } | undefined;

function decodeRuns(): { ends: Uint32Array; packed: Uint16Array } {
  const ids = PROPERTY_RUN_SCRIPTS.split(' ').map((script) => packProperties(script, 0) >> FLAG_BITS);
  const entries = PROPERTY_RUNS.split(' ');
  const ends = new Uint32Array(entries.length);
  const packed = new Uint16Array(entries.length);
  let end = 0;
  entries.forEach((entry, index) => {
    const [length = '', value = ''] = entry.split(':');
    const properties = parseInt(value, 36);
    end += parseInt(length, 36);
    ends[index] = end;
    packed[index] =
      ((ids[properties >> FLAG_BITS] ?? 0) << FLAG_BITS) | (properties & ((1 << FLAG_BITS) - 1));
  });
  if (end !== LAST_CODE_POINT + 1)
    throw new Error('the generated property runs do not cover every code point');
  return { ends, packed };
}

/** Script id (given out on a script's first appearance) and category flags, packed. */
function packProperties(script: string, flags: number): number {
  let id = scriptIds.get(script);
  if (id === undefined) {
    id = scriptNames.push(script) - 1;
    scriptIds.set(script, id);
  }
  return (id << FLAG_BITS) | flags;
}

/**
 * The Script value (a long name) and category flags of a code point, as unicode-properties answers them: the
 * source of the generated runs (scripts/generate-property-runs.ts).
 */
export function propertiesFromPackage(codePoint: number): [script: string, flags: number] {
  const { getCategory, getScript } = lookups();
  // unicode-properties answers the string 'null' for surrogates and private-use code points (Script=Unknown).
  const found = getScript(codePoint);
  const category = getCategory(codePoint);
  const major = category.charAt(0);
  const flags =
    (major === 'L' ? LETTER : 0) |
    (major === 'M' ? MARK : 0) |
    (major === 'N' ? NUMBER : 0) |
    (category === 'Nd' ? DECIMAL_DIGIT : 0);
  return [found === 'null' ? 'Unknown' : found, flags];
}

/** The script id in packed properties. */
export function scriptIdOf(packed: number): number {
  return packed >> FLAG_BITS;
}

/** The long name of a script id (`Latin`, `Common`…). */
export function scriptNameOf(id: number): string {
  return scriptNames[id] ?? 'Common';
}

/** True for the ids of Common and Inherited. */
export function isWildcardScriptId(id: number): boolean {
  return id <= 1;
}

/** The Script property value of a code point, as a long name (`Latin`, `Cyrillic`, `Common`, `Inherited`…). */
export function scriptOf(codePoint: number): string {
  return codePoint < 0 ? 'Common' : scriptNameOf(scriptIdOf(packedProperties(codePoint)));
}

/** True for `Common` and `Inherited`, which UTS #39 treats as belonging to every script. */
export function isWildcardScript(script: string): boolean {
  return script === 'Common' || script === 'Inherited';
}

/** True for a letter (General_Category L*). -1 (no code point) is not a letter. */
export function isLetter(codePoint: number): boolean {
  return (packedProperties(codePoint) & LETTER) !== 0;
}

/** True for a letter or a mark (General_Category L* or M*): a character that is part of a word's spelling. */
export function isLetterOrMark(codePoint: number): boolean {
  return (packedProperties(codePoint) & (LETTER | MARK)) !== 0;
}

/** True for a decimal digit of any script (General_Category Nd). */
export function isDecimalDigit(codePoint: number): boolean {
  return (packedProperties(codePoint) & DECIMAL_DIGIT) !== 0;
}

/**
 * True for a virama (Canonical_Combining_Class 9): the sign that kills a consonant's vowel in Brahmic scripts,
 * after which ZWJ and ZWNJ choose the half, final or explicit-virama form. Looked up directly: only asked
 * about the character before a joiner.
 */
export function isVirama(codePoint: number): boolean {
  return codePoint >= 0 && lookups().getCombiningClass(codePoint) === 'Virama';
}

// Classifies the code points the text purpose may act on: controls, format and invisible characters, specials.

/**
 * What a special code point is. Everything else is ordinary text and is never removed.
 * `line_break` and `control` split C0/C1 (and U+2028/2029) by whether the character ends a line.
 */
export type SpecialClass =
  | 'line_break'
  | 'control'
  | 'bidi_control'
  | 'zero_width'
  | 'invisible'
  | 'tag_characters'
  | 'variation_selector'
  | 'noncharacter'
  | 'annotation'
  | 'private_use';

/**
 * Source of a character class matching every special code point except tab and line feed (which are
 * ordinary in multi-line text). Default_Ignorable_Code_Point covers the invisible format characters, bidi
 * controls, variation selectors and tag characters; the rest are listed by range.
 */
const SPECIAL_SOURCE =
  '\\0-\\x08\\x0B-\\x1F\\x7F-\\x9F\\u2028\\u2029\\uFFF9-\\uFFFC' +
  '\\p{Co}\\p{Noncharacter_Code_Point}\\p{Default_Ignorable_Code_Point}';

/** Matches exactly one special code point, tab and line feed included: the definition the tables follow. */
export const SPECIAL_CHARACTER = new RegExp(`^[\\t\\n${SPECIAL_SOURCE}]$`, 'u');

const BIDI_CONTROLS: ReadonlySet<number> = new Set([
  0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
]);

/** U+180E MVS and the zero-width characters that split or join words; U+00AD is only a line-break hint. */
const ZERO_WIDTH: ReadonlySet<number> = new Set([0x00ad, 0x180e, 0x200b, 0x200c, 0x200d, 0x2060, 0xfeff]);

/** {@link isSpecial}'s Basic Multilingual Plane answers: 0 not computed yet, 1 special, 2 ordinary. */
const basicPlane = new Uint8Array(0x10000);
const SPECIAL = 1;
const ORDINARY = 2;
const PAGE_BITS = 8;

/**
 * True for a code point the text purpose classifies (tab and line feed included). Outside the Basic
 * Multilingual Plane the specials are few: the noncharacters ending in FFFE/FFFF, the shorthand and musical
 * format controls, plane 14's tags, selectors and reserved ignorables, and the private-use planes 15–16.
 */
export function isSpecial(codePoint: number): boolean {
  if (codePoint < 0xa0) return codePoint >= 0 && (codePoint < 0x20 || codePoint >= 0x7f);
  if (codePoint > 0xffff) {
    return (
      (codePoint & 0xfffe) === 0xfffe ||
      (codePoint >= 0x1bca0 && codePoint <= 0x1bca3) ||
      (codePoint >= 0x1d173 && codePoint <= 0x1d17a) ||
      (codePoint >= 0xe0000 && codePoint <= 0xe0fff) ||
      codePoint >= 0xf0000
    );
  }
  if (basicPlane[codePoint] === 0) tabulatePage(codePoint >> PAGE_BITS);
  return basicPlane[codePoint] === SPECIAL;
}

/**
 * The UTF-16 index of the first special code point at or after `from` (tab and line feed count only when
 * `withLayout`), or `text.length` when there is none.
 */
export function nextSpecial(text: string, from: number, withLayout: boolean): number {
  for (let index = from; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit < 0x20) {
      if (withLayout || (unit !== 0x09 && unit !== 0x0a)) return index;
    } else if (unit >= 0x7f) {
      if (unit >= 0xd800 && unit <= 0xdbff) {
        if (isSpecial(text.codePointAt(index) ?? 0)) return index;
        index++;
      } else if (isSpecial(unit)) {
        return index;
      }
    }
  }
  return text.length;
}

/**
 * Computes {@link isSpecial}'s answers for one page of 256 code points of the Basic Multilingual Plane from the
 * same character class, when one of them is first asked (surrogates are ordinary here).
 */
function tabulatePage(pageIndex: number): void {
  const first = pageIndex << PAGE_BITS;
  for (let codePoint = first; codePoint < first + (1 << PAGE_BITS); codePoint++) {
    const surrogate = codePoint >= 0xd800 && codePoint <= 0xdfff;
    basicPlane[codePoint] =
      !surrogate && SPECIAL_CHARACTER.test(String.fromCharCode(codePoint)) ? SPECIAL : ORDINARY;
  }
}

/**
 * True for a special code point that cleaning may remove: every special except tab and the line breaks,
 * which are kept or turned into a line feed or a space, so they stand as real characters for context rules.
 */
export function isRemovable(codePoint: number): boolean {
  return codePoint !== 0x09 && isSpecial(codePoint) && classifySpecial(codePoint) !== 'line_break';
}

/** Every special class, in report order. */
export const SPECIAL_CLASSES: readonly SpecialClass[] = Object.freeze([
  'control',
  'line_break',
  'bidi_control',
  'zero_width',
  'invisible',
  'tag_characters',
  'variation_selector',
  'noncharacter',
  'annotation',
  'private_use',
]);

/** Every class, by its code in {@link classCodes} (1 stands for ordinary text, 0 for not computed yet). */
const CLASSES: readonly (SpecialClass | undefined)[] = [undefined, undefined, ...SPECIAL_CLASSES];
/**
 * {@link classifySpecial}'s answers by code point, as codes into {@link CLASSES}: an entry is written when its
 * code point is first asked, so only the pages of code points asked about are ever touched.
 */
const classCodes = new Uint8Array(0x110000);

/** The class of a special code point, or `undefined` for ordinary text (remembered per code point). */
export function classifySpecial(codePoint: number): SpecialClass | undefined {
  const code = classCodes[codePoint];
  if (code === undefined) return classifyCodePoint(codePoint);
  if (code !== 0) return CLASSES[code];
  const specialClass = classifyCodePoint(codePoint);
  classCodes[codePoint] = CLASSES.indexOf(specialClass, 1);
  return specialClass;
}

/** {@link classifySpecial}, computed. */
export function classifyCodePoint(codePoint: number): SpecialClass | undefined {
  if (
    codePoint === 0x0a ||
    codePoint === 0x0d ||
    codePoint === 0x85 ||
    codePoint === 0x2028 ||
    codePoint === 0x2029
  ) {
    return 'line_break';
  }
  if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint <= 0x9f)) return 'control';
  if (BIDI_CONTROLS.has(codePoint)) return 'bidi_control';
  if (ZERO_WIDTH.has(codePoint)) return 'zero_width';
  if (codePoint >= 0xe0000 && codePoint <= 0xe007f) return 'tag_characters';
  if (isVariationSelector(codePoint)) return 'variation_selector';
  // U+FFF9–FFFB anchor interlinear annotations; U+FFFC stands for an embedded object. Plain text carries
  // neither the annotation markup nor the object, and some renderers draw U+FFFC as nothing: both go.
  if (codePoint >= 0xfff9 && codePoint <= 0xfffc) return 'annotation';
  if ((codePoint >= 0xfdd0 && codePoint <= 0xfdef) || (codePoint & 0xfffe) === 0xfffe) return 'noncharacter';
  if (isPrivateUse(codePoint)) return 'private_use';
  return isSpecial(codePoint) ? 'invisible' : undefined;
}

/** Variation selectors: Mongolian FVS1–4, VS1–16 and VS17–256. */
export function isVariationSelector(codePoint: number): boolean {
  return (
    (codePoint >= 0xfe00 && codePoint <= 0xfe0f) ||
    (codePoint >= 0xe0100 && codePoint <= 0xe01ef) ||
    (codePoint >= 0x180b && codePoint <= 0x180d) ||
    codePoint === 0x180f
  );
}

function isPrivateUse(codePoint: number): boolean {
  return (
    (codePoint >= 0xe000 && codePoint <= 0xf8ff) ||
    (codePoint >= 0xf0000 && codePoint <= 0xffffd) ||
    (codePoint >= 0x100000 && codePoint <= 0x10fffd)
  );
}

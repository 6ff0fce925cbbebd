// Everything a text scan asks about one code point, packed in one number and remembered per code point.
import { staysItselfInSkeleton } from './confusables.js';
import { isRightToLeft } from './direction.js';
import { isNfcSensitive } from './nfc-sensitive.js';
import { CATEGORY_FLAGS, isWildcardScriptId, packedProperties, scriptIdOf } from './properties.js';
import { isSharedByAllScripts } from './script-coverage.js';
import { classifySpecial, isRemovable, isSpecial } from './special.js';

/**
 * Flags above the 16 bits of {@link packedProperties} (which keep their meaning: `facts & 0xffff` is the
 * packed script id and category flags).
 */
export const SCAN_FLAGS = Object.freeze({
  /** A special code point (see special.ts) other than tab and line feed. */
  special: 1 << 16,
  /** Tab or line feed: special only where line breaks and tabs are rewritten. */
  layout: 1 << 17,
  /** Can make a text change under NFC (see nfc-sensitive.ts). */
  nfcSensitive: 1 << 18,
  /** A letter the skeleton leaves as it is (no confusable prototype, no decomposition). */
  steadfastLetter: 1 << 19,
  /** A Common or Inherited letter shared by every script: a styled letter such as 𝐚 or µ. */
  sharedLetter: 1 << 20,
  /** Outside ASCII. */
  nonAscii: 1 << 22,
  /** A letter with a script of its own (not Common or Inherited). */
  scriptLetter: 1 << 23,
  /** In a right-to-left block (see direction.ts). */
  rightToLeft: 1 << 24,
  /**
   * A surrogate code unit. Scans read a pair as one code point, so the facts of a surrogate are only ever
   * read for one that is not half of a pair.
   */
  loneSurrogate: 1 << 25,
  /** A special code point that cleaning may remove (see `isRemovable` in special.ts). */
  removable: 1 << 26,
  /** A line break: line feed, carriage return, NEL, line and paragraph separators. */
  lineBreak: 1 << 27,
});

/** Set on every computed entry, so that 0 always means "not computed yet". */
const KNOWN = 1 << 21;
const LAST_CODE_POINT = 0x10ffff;
const TAB = 0x09;
const LINE_FEED = 0x0a;

/**
 * The facts by code point, 0 where not computed yet. It spans every code point (4.4 MB of address space,
 * zero pages until written), but an entry is written only when its code point is first seen, so only the
 * pages of seen code points are ever touched.
 */
const facts = new Uint32Array(LAST_CODE_POINT + 1);

/**
 * The table of facts by code point, 0 where not computed yet ({@link learnScanFacts} computes an entry).
 * Scans hold it in a local and read it directly.
 */
export function scanFactsTable(): Uint32Array {
  return facts;
}

/** The facts of one code point, computed on first use. */
export function scanFactsOf(codePoint: number): number {
  return facts[codePoint] || learnScanFacts(codePoint);
}

/** Computes and remembers the facts of every code point of `text` that has none yet. */
export function learnScanFactsOf(text: string): void {
  for (let index = 0; index < text.length;) {
    const codePoint = text.codePointAt(index) ?? 0;
    if (facts[codePoint] === 0) learnScanFacts(codePoint);
    index += codePoint > 0xffff ? 2 : 1;
  }
}

/** Computes, remembers and returns the facts of one code point (0 to U+10FFFF, lone surrogates included). */
export function learnScanFacts(codePoint: number): number {
  const packed = packedProperties(codePoint);
  const letter = (packed & CATEGORY_FLAGS.letter) !== 0;
  const layout = codePoint === TAB || codePoint === LINE_FEED;
  const ownScript = !isWildcardScriptId(scriptIdOf(packed));
  const isLoneSurrogate = codePoint >= 0xd800 && codePoint <= 0xdfff;
  const value =
    KNOWN |
    packed |
    (layout ? SCAN_FLAGS.layout : isSpecial(codePoint) ? SCAN_FLAGS.special : 0) |
    (isLoneSurrogate || isNfcSensitive(codePoint) ? SCAN_FLAGS.nfcSensitive : 0) |
    (letter && staysItselfInSkeleton(codePoint) ? SCAN_FLAGS.steadfastLetter : 0) |
    (letter && !ownScript && isSharedByAllScripts(codePoint) ? SCAN_FLAGS.sharedLetter : 0) |
    (codePoint >= 0x80 ? SCAN_FLAGS.nonAscii : 0) |
    (letter && ownScript ? SCAN_FLAGS.scriptLetter : 0) |
    (isRightToLeft(codePoint) ? SCAN_FLAGS.rightToLeft : 0) |
    (isLoneSurrogate ? SCAN_FLAGS.loneSurrogate : 0) |
    (isRemovable(codePoint) ? SCAN_FLAGS.removable : 0) |
    (classifySpecial(codePoint) === 'line_break' ? SCAN_FLAGS.lineBreak : 0);
  facts[codePoint] = value;
  return value;
}

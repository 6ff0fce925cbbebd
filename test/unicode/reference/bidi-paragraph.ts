// Paragraph facts of the bidi planner as it was before its scratch-buffer rewrite (oracle for tests).
import { isRightToLeft } from '../../../src/unicode/direction.js';
import { CATEGORY_FLAGS, isLetterOrMark } from '../../../src/unicode/properties.js';
import { SCAN_FLAGS, scanFactsTable } from '../../../src/unicode/scan-facts.js';

const LRO = 0x202d;
const RLO = 0x202e;
const BIDI_MARKS: ReadonlySet<number> = new Set([0x200e, 0x200f, 0x061c]);
const LETTER = CATEGORY_FLAGS.letter;
const DECIMAL_DIGIT = CATEGORY_FLAGS.decimalDigit;
const REMOVABLE = SCAN_FLAGS.removable;
const RIGHT_TO_LEFT = SCAN_FLAGS.rightToLeft;

/** The verdict a balanced pair or a mark gets: kept, or removed for a reason. */
export type PairVerdict = 'keep' | 'no_rtl' | 'override_reorders' | 'inside_word' | 'repeated';

/**
 * One paragraph's code points with prefix counts (right-to-left characters; left-to-right letters and
 * digits) and, per position, the nearest real character and nearest letter on each side. Removable
 * specials are skipped everywhere, since cleaning may take them out. Building is linear, so thousands of
 * controls in one paragraph cost no more than the paragraph's length.
 */
export class BidiParagraph {
  /** True when the paragraph holds a right-to-left character that cleaning keeps. */
  readonly hasRtl: boolean;
  private readonly rtlBefore: Int32Array;
  private readonly reorderableBefore: Int32Array;
  private readonly realBefore: Int32Array;
  /** Like `realBefore`, but a bidi mark counts as real: a mark right after a mark repeats it. */
  private readonly realOrMarkBefore: Int32Array;
  private readonly realAfter: Int32Array;
  private readonly letterBefore: Int32Array;
  private readonly letterAfter: Int32Array;

  /** `codePoints` must have their facts learnt already (see scan-facts.ts). */
  constructor(private readonly codePoints: readonly number[]) {
    const table = scanFactsTable();
    const length = codePoints.length;
    const rtlBefore = new Int32Array(length + 1);
    const reorderableBefore = new Int32Array(length + 1);
    const realBefore = new Int32Array(length);
    const realOrMarkBefore = new Int32Array(length);
    const letterBefore = new Int32Array(length);
    let rtlCount = 0;
    let reorderableCount = 0;
    let real = -1;
    let realOrMark = -1;
    let letter = -1;
    for (let at = 0; at < length; at++) {
      const codePoint = codePoints[at] ?? 0;
      const facts = table[codePoint] as number;
      const kept = (facts & REMOVABLE) === 0;
      const rtl = kept && (facts & RIGHT_TO_LEFT) !== 0;
      if (rtl) rtlCount++;
      if (kept && ((facts & LETTER) !== 0 ? !rtl : (facts & DECIMAL_DIGIT) !== 0)) reorderableCount++;
      rtlBefore[at + 1] = rtlCount;
      reorderableBefore[at + 1] = reorderableCount;
      realBefore[at] = real;
      realOrMarkBefore[at] = realOrMark;
      letterBefore[at] = letter;
      if (kept) real = codePoint;
      if (kept || BIDI_MARKS.has(codePoint)) realOrMark = codePoint;
      if (kept && (facts & LETTER) !== 0) letter = codePoint;
    }
    const realAfter = new Int32Array(length);
    const letterAfter = new Int32Array(length);
    real = letter = -1;
    for (let at = length - 1; at >= 0; at--) {
      const codePoint = codePoints[at] ?? 0;
      const facts = table[codePoint] as number;
      const kept = (facts & REMOVABLE) === 0;
      realAfter[at] = real;
      letterAfter[at] = letter;
      if (kept) real = codePoint;
      if (kept && (facts & LETTER) !== 0) letter = codePoint;
    }
    this.rtlBefore = rtlBefore;
    this.reorderableBefore = reorderableBefore;
    this.realBefore = realBefore;
    this.realOrMarkBefore = realOrMarkBefore;
    this.realAfter = realAfter;
    this.letterBefore = letterBefore;
    this.letterAfter = letterAfter;
    this.hasRtl = rtlCount > 0;
  }

  /**
   * A mark is kept in an RTL paragraph unless it follows another mark (it adds nothing) or sits between
   * two letters (it only splits a word).
   */
  markVerdict(position: number): PairVerdict {
    if (!this.hasRtl) return 'no_rtl';
    if (BIDI_MARKS.has(this.realOrMarkBefore[position] ?? -1)) return 'repeated';
    const before = this.realBefore[position] ?? -1;
    const after = this.realAfter[position] ?? -1;
    return isLetterOrMark(before) && isLetterOrMark(after) ? 'inside_word' : 'keep';
  }

  /**
   * A balanced pair is kept when it belongs to RTL text (RTL inside, or as the nearest letter on either
   * side) and, for an override, agrees with all it covers: LRO over no RTL, RLO over no LTR letter or digit.
   */
  pairVerdict(opener: number, closer: number): PairVerdict {
    if (!this.hasRtl) return 'no_rtl';
    const rtlInside = this.count(this.rtlBefore, opener, closer) > 0;
    const nearRtl =
      isRightToLeft(this.letterBefore[opener] ?? -1) || isRightToLeft(this.letterAfter[closer] ?? -1);
    if (!rtlInside && !nearRtl) return 'no_rtl';
    const kind = this.codePoints[opener];
    if (kind === LRO && rtlInside) return 'override_reorders';
    if (kind === RLO && this.count(this.reorderableBefore, opener, closer) > 0) return 'override_reorders';
    return 'keep';
  }

  /** How many counted characters lie strictly between two positions. */
  private count(prefix: Int32Array, opener: number, closer: number): number {
    return (prefix[closer] ?? 0) - (prefix[opener + 1] ?? 0);
  }
}

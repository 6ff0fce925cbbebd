// Facts about one paragraph that the bidi verdicts ask, precomputed so every question costs constant time.
import { isRightToLeft } from './direction.js';
import { CATEGORY_FLAGS, isLetterOrMark } from './properties.js';
import { SCAN_FLAGS, scanFactsTable } from './scan-facts.js';

const LRO = 0x202d;
const RLO = 0x202e;
const LRM = 0x200e;
const RLM = 0x200f;
const ALM = 0x061c;
const LETTER = CATEGORY_FLAGS.letter;
const DECIMAL_DIGIT = CATEGORY_FLAGS.decimalDigit;
const REMOVABLE = SCAN_FLAGS.removable;
const RIGHT_TO_LEFT = SCAN_FLAGS.rightToLeft;

/** The verdict a balanced pair or a mark gets: kept, or removed for a reason. */
export type PairVerdict = 'keep' | 'no_rtl' | 'override_reorders' | 'inside_word' | 'repeated';

/** True for LRM, RLM and ALM. */
export function isBidiMark(codePoint: number): boolean {
  return codePoint === LRM || codePoint === RLM || codePoint === ALM;
}

/**
 * One paragraph's code points with prefix counts (right-to-left characters; left-to-right letters and
 * digits) and, per position, the nearest real character and nearest letter on each side. Removable
 * specials are skipped everywhere, since cleaning may take them out. Building is linear, so thousands of
 * controls in one paragraph cost no more than the paragraph's length. The per-position arrays are reused
 * from one paragraph (and one call) to the next, grown on demand: {@link BidiParagraph.load} replaces what
 * the previous paragraph left, so one instance serves every paragraph in turn.
 */
export class BidiParagraph {
  /** True when the paragraph holds a right-to-left character that cleaning keeps. */
  hasRtl = false;
  private codePoints: Int32Array = new Int32Array(0);
  private rtlBefore = new Int32Array(0);
  private reorderableBefore = new Int32Array(0);
  private realBefore = new Int32Array(0);
  /** Like `realBefore`, but a bidi mark counts as real: a mark right after a mark repeats it. */
  private realOrMarkBefore = new Int32Array(0);
  private realAfter = new Int32Array(0);
  private letterBefore = new Int32Array(0);
  private letterAfter = new Int32Array(0);

  /**
   * Learns the paragraph at positions [from, to) of `codePoints` (whose facts must be learnt already, see
   * scan-facts.ts); positions stay those of `codePoints`.
   */
  load(codePoints: Int32Array, from: number, to: number): void {
    this.codePoints = codePoints;
    if (this.rtlBefore.length < to + 1) this.grow(codePoints.length + 1);
    const table = scanFactsTable();
    const { rtlBefore, reorderableBefore, realBefore, realOrMarkBefore, letterBefore } = this;
    let rtlCount = 0;
    let reorderableCount = 0;
    let real = -1;
    let realOrMark = -1;
    let letter = -1;
    rtlBefore[from] = reorderableBefore[from] = 0;
    for (let at = from; at < to; at++) {
      const codePoint = codePoints[at] as number;
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
      if (kept || isBidiMark(codePoint)) realOrMark = codePoint;
      if (kept && (facts & LETTER) !== 0) letter = codePoint;
    }
    const { realAfter, letterAfter } = this;
    real = letter = -1;
    for (let at = to - 1; at >= from; at--) {
      const codePoint = codePoints[at] as number;
      const facts = table[codePoint] as number;
      const kept = (facts & REMOVABLE) === 0;
      realAfter[at] = real;
      letterAfter[at] = letter;
      if (kept) real = codePoint;
      if (kept && (facts & LETTER) !== 0) letter = codePoint;
    }
    this.hasRtl = rtlCount > 0;
  }

  /**
   * A mark is kept in an RTL paragraph unless it follows another mark (it adds nothing) or sits between
   * two letters (it only splits a word).
   */
  markVerdict(position: number): PairVerdict {
    if (!this.hasRtl) return 'no_rtl';
    if (isBidiMark(this.realOrMarkBefore[position] ?? -1)) return 'repeated';
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

  private grow(size: number): void {
    const capacity = Math.max(size, 2 * this.rtlBefore.length, 256);
    this.rtlBefore = new Int32Array(capacity);
    this.reorderableBefore = new Int32Array(capacity);
    this.realBefore = new Int32Array(capacity);
    this.realOrMarkBefore = new Int32Array(capacity);
    this.realAfter = new Int32Array(capacity);
    this.letterBefore = new Int32Array(capacity);
    this.letterAfter = new Int32Array(capacity);
  }
}

// A text's bidi verdicts as one byte per UTF-16 unit: what the planner writes and the cleaning pass reads.
import type { PairVerdict } from './bidi-paragraph.js';

/** What happens to one bidi control: kept, or removed for a reason. */
export type BidiVerdict = PairVerdict | 'unbalanced' | 'overflow';

/** The verdicts by their code in a {@link BidiPlan} (0: no verdict, not a control of a planned paragraph). */
const VERDICTS: readonly BidiVerdict[] = [
  'unbalanced',
  'keep',
  'no_rtl',
  'override_reorders',
  'inside_word',
  'repeated',
  'unbalanced',
  'overflow',
];
const CODE_OF: ReadonlyMap<BidiVerdict, number> = new Map(VERDICTS.map((verdict, code) => [verdict, code]));
/** The codes of the verdicts the planner gives without asking a paragraph. */
export const UNBALANCED = 6;
export const OVERFLOW = 7;

/** The code of a verdict, as a {@link BidiPlan} stores it. */
export function verdictCode(verdict: BidiVerdict): number {
  return CODE_OF.get(verdict) ?? UNBALANCED;
}

/**
 * The verdict of every bidi control of a text, by UTF-16 index: one code per UTF-16 unit, or, when `listed`
 * is given, one code per index it lists (in increasing order; every other index has none).
 */
export class BidiPlan {
  constructor(
    private readonly codes: ArrayLike<number>,
    private readonly listed?: readonly number[],
  ) {}

  /** The verdict of the bidi control at UTF-16 `index` ('unbalanced' for an index that holds none). */
  verdictAt(index: number): BidiVerdict {
    const slot = this.listed === undefined ? index : slotOf(this.listed, index);
    return VERDICTS[this.codes[slot] ?? 0] ?? 'unbalanced';
  }

  /** Every verdict, keyed by UTF-16 index, in index order. */
  toMap(): ReadonlyMap<number, BidiVerdict> {
    const verdicts = new Map<number, BidiVerdict>();
    for (let slot = 0; slot < this.codes.length; slot++) {
      const code = this.codes[slot] ?? 0;
      if (code !== 0) verdicts.set(this.listed?.[slot] ?? slot, VERDICTS[code] ?? 'unbalanced');
    }
    return verdicts;
  }
}

/** Where `index` is in the increasing `listed`, or -1. */
function slotOf(listed: readonly number[], index: number): number {
  let low = 0;
  let high = listed.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const found = listed[middle] as number;
    if (found === index) return middle;
    if (found < index) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

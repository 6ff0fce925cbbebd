// How much validated prose from one result enters a model's context: per block and per result, cut visibly.
import { countCodePoints } from '../../unicode/codepoint.js';
import type { Finding } from '../../vocabulary/finding.js';

/** The prose budget of one result, in code points and blocks. */
export interface TextBudget {
  /** Most text blocks handed over as prose (default 16); later ones are left out and counted. */
  readonly maxBlocks: number;
  /** Most code points of one block (default 2,097,152); a longer block is cut there. */
  readonly maxBlockChars: number;
  /** Most code points over all blocks (default 4,194,304); the block that crosses it is cut, later ones left out. */
  readonly maxTextChars: number;
}

/** The default budget: large enough for a whole file of a couple of megabytes, bounded all the same. */
export const DEFAULT_TEXT_BUDGET: TextBudget = Object.freeze({
  maxBlocks: 16,
  maxBlockChars: 2_097_152,
  maxTextChars: 4_194_304,
});

/** A running budget over the blocks of one result. */
export class BudgetMeter {
  private blocks = 0;
  private chars = 0;
  /** False once anything was cut or left out. */
  complete = true;

  constructor(private readonly budget: TextBudget) {}

  /**
   * Takes one block's text: whole, cut at a code point boundary (with a `mcp.text_truncated` finding), or
   * `undefined` when the budget is spent (`mcp.text_omitted`). The text was validated whole before this.
   */
  take(
    text: string,
    pointer: string,
    findings: Finding[],
  ): { readonly text: string; readonly complete: boolean } | undefined {
    const room = Math.min(this.budget.maxBlockChars, this.budget.maxTextChars - this.chars);
    if (this.blocks >= this.budget.maxBlocks || room <= 0) {
      this.complete = false;
      findings.push({ code: 'mcp.text_omitted', pointer, count: 1, action: 'reported' });
      return undefined;
    }
    this.blocks++;
    const length = text.length <= room ? text.length : countCodePoints(text);
    if (length <= room) {
      this.chars += length;
      return { text, complete: true };
    }
    this.complete = false;
    this.chars += room;
    const detail = { length, kept: room };
    findings.push({ code: 'mcp.text_truncated', pointer, count: 1, action: 'reported', detail });
    return { text: cutCodePoints(text, room), complete: false };
  }
}

/** The first `max` code points of `text` (never half of a surrogate pair). */
export function cutCodePoints(text: string, max: number): string {
  let points = 0;
  let i = 0;
  while (i < text.length && points < max) {
    const unit = text.charCodeAt(i);
    i += unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length ? 2 : 1;
    points++;
  }
  return text.slice(0, i);
}

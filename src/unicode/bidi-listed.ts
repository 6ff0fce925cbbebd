// Bidi planning from a scan's list of special characters, for text without a right-to-left character.
import {
  breaksAtLineBreaks,
  breaksNever,
  isBidiControl,
  MAY_BE_RIGHT_TO_LEFT,
  NO_RTL,
  planBidiControls,
  planParagraph,
} from './bidi.js';
import { BidiPlan } from './bidi-plan.js';
import { reusedBuffers } from './reused-buffers.js';
import { SCAN_FLAGS, scanFactsOf } from './scan-facts.js';

/** Lists up to this many controls reuse the module's buffers; longer ones get their own, let go after. */
const RETAINED_CONTROLS = 1 << 12;

/** The controls' code points, their positions 0, 1, 2…, and a verdict code per position (0 between uses). */
interface Buffers {
  readonly points: Int32Array;
  readonly positions: Int32Array;
  readonly codes: Uint8Array;
}

const buffersFor = reusedBuffers(newBuffers, 64, RETAINED_CONTROLS);

/**
 * {@link planBidiControls} for a text whose special code points a scan listed (`specials`: UTF-16 indices in
 * order, every bidi control and every line break but the line feed among them). Paragraphs end at line
 * breaks when `multiline` ({@link breaksAtLineBreaks}), else never. A text without a right-to-left character
 * is planned from the list alone (its line feeds found by `indexOf`) instead of reading every code unit, and
 * its plan holds one verdict per control instead of one per code unit. `rightToLeft` false says the scan
 * found no code point in a right-to-left block, which spares even the search for one.
 */
export function planListedBidiControls(
  text: string,
  multiline: boolean,
  specials: readonly number[],
  rightToLeft = true,
): BidiPlan {
  if (rightToLeft && MAY_BE_RIGHT_TO_LEFT.test(text))
    return planBidiControls(text, multiline ? breaksAtLineBreaks : breaksNever);
  const { points, positions, codes } = buffersFor(specials.length);
  const listed: number[] = [];
  let start = 0;
  let lineFeed = multiline ? text.indexOf('\n') : -1;
  for (const index of specials) {
    const unit = text.charCodeAt(index);
    const afterLineFeed = lineFeed >= 0 && lineFeed < index;
    if (multiline && (afterLineFeed || (scanFactsOf(unit) & SCAN_FLAGS.lineBreak) !== 0)) {
      if (listed.length > start) planParagraph(points, positions, start, listed.length, NO_RTL, codes);
      start = listed.length;
      if (afterLineFeed) lineFeed = text.indexOf('\n', index);
    }
    if (isBidiControl(unit)) {
      points[listed.length] = unit;
      listed.push(index);
    }
  }
  if (listed.length > start) planParagraph(points, positions, start, listed.length, NO_RTL, codes);
  const verdicts: number[] = [];
  for (let position = 0; position < listed.length; position++) {
    verdicts.push(codes[position] as number);
    codes[position] = 0;
  }
  return new BidiPlan(verdicts, listed);
}

function newBuffers(capacity: number): Buffers {
  return {
    points: new Int32Array(capacity),
    positions: Int32Array.from({ length: capacity }, (_, position) => position),
    codes: new Uint8Array(capacity),
  };
}

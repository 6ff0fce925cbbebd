// Bidi controls: which embeddings, overrides, isolates and marks belong to right-to-left text, per paragraph.
import { BidiParagraph, isBidiMark } from './bidi-paragraph.js';
import { BidiPlan, OVERFLOW, UNBALANCED, verdictCode, type BidiVerdict } from './bidi-plan.js';
import { reusedBuffers } from './reused-buffers.js';
import { learnScanFacts, SCAN_FLAGS, scanFactsOf, scanFactsTable } from './scan-facts.js';

export { BidiPlan, type BidiVerdict } from './bidi-plan.js';

/**
 * Openers nested deeper than this are removed: each raises the embedding level by one or two, and UAX #9
 * ignores everything past level 125 (max_depth), so deeper controls are invisible noise.
 */
const MAX_NESTING = 60;
/** Texts up to this many code points reuse the module's buffers; longer ones get their own, let go after. */
const RETAINED_CODE_POINTS = 1 << 16;

const LRE = 0x202a;
const RLE = 0x202b;
const PDF = 0x202c;
const LRO = 0x202d;
const RLO = 0x202e;
const LRI = 0x2066;
const RLI = 0x2067;
const FSI = 0x2068;
const PDI = 0x2069;
/** U+200E LRM: from here to {@link PDI} lie every bidi control but ALM, and the line breaks LS and PS. */
const FIRST_CONTROL_RANGE = 0x200e;
const ALM = 0x061c;
const LF = 0x0a;
const CR = 0x0d;
const NEL = 0x85;

/** The code points of the text being planned and their UTF-16 indices: reused up to the retained size. */
interface Listing {
  readonly points: Int32Array;
  readonly at: Int32Array;
}

const listingFor = reusedBuffers<Listing>(
  (capacity) => ({ points: new Int32Array(capacity), at: new Int32Array(capacity) }),
  256,
  RETAINED_CODE_POINTS,
);
/** The stack of open controls, reused. */
const open = new Int32Array(MAX_NESTING);
const retainedParagraph = new BidiParagraph();
/** Stands for a paragraph without a kept right-to-left character: it needs no facts learnt to answer. */
export const NO_RTL = new BidiParagraph();
/** A right-to-left character that cleaning keeps has the first of these flags and not the second. */
const KEPT_RIGHT_TO_LEFT = SCAN_FLAGS.rightToLeft | SCAN_FLAGS.removable;
/**
 * Code units of every right-to-left block (see direction.ts), the supplementary ones by their lead
 * surrogate: a text without any has no right-to-left character.
 */
export const MAY_BE_RIGHT_TO_LEFT = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFE\uD802\uD803\uD83A\uD83B]/;

/**
 * Decides every bidi control in `text` (keyed by UTF-16 index). Paragraphs end at the code points
 * `breaksParagraph` names. Rationale, in order:
 * 1. An embedding, override or isolate without its terminator in the paragraph (or a terminator without
 *    an opener) is removed: unterminated controls are how Trojan Source (CVE-2021-42574) reorders code.
 * 2. In a paragraph with no right-to-left character nothing needs bidi controls: all are removed.
 * 3. A balanced pair is kept when it belongs to RTL text: RTL inside it, or RTL as the nearest letter on
 *    either side. An override is kept only if it agrees with everything it covers (LRO over no RTL text,
 *    RLO over no LTR letters and no digits), so it cannot reorder Latin text or numbers.
 * 4. A mark (LRM, RLM, ALM) is kept in RTL paragraphs, except between two letters, where it only splits a
 *    word, and right after another mark, where it adds nothing.
 * Openers nested more than {@link MAX_NESTING} deep are removed as overflow.
 */
export function planBidi(
  text: string,
  breaksParagraph: (codePoint: number) => boolean,
): ReadonlyMap<number, BidiVerdict> {
  return planBidiControls(text, breaksParagraph).toMap();
}

/** Ends paragraphs at every line break (LF, CR, NEL, LS, PS), read from the facts the planner already has. */
export function breaksAtLineBreaks(codePoint: number): boolean {
  return (scanFactsOf(codePoint) & SCAN_FLAGS.lineBreak) !== 0;
}

/** Ends no paragraph: the whole text is one. */
export function breaksNever(): boolean {
  return false;
}

/**
 * {@link planBidi}'s verdicts as a {@link BidiPlan}: one byte per UTF-16 unit, read without a map. With
 * {@link breaksAtLineBreaks} or {@link breaksNever} the walk calls nothing per character.
 */
export function planBidiControls(text: string, breaksParagraph: (codePoint: number) => boolean): BidiPlan {
  const listing = listingFor(text.length);
  const codes = new Uint8Array(text.length);
  const known = breaksParagraph === breaksAtLineBreaks || breaksParagraph === breaksNever;
  if (!known || MAY_BE_RIGHT_TO_LEFT.test(text)) {
    planCodePoints(text, breaksParagraph, listing, codes);
  } else {
    planControlsOnly(text, breaksParagraph === breaksAtLineBreaks ? SCAN_FLAGS.lineBreak : 0, listing, codes);
  }
  return new BidiPlan(codes);
}

/**
 * Plans a text without a right-to-left character: no paragraph needs its facts (every pair and mark is
 * `no_rtl`), so only the controls are listed, one after another, as the positions the planner walks.
 * Bidi controls and line breaks are all in the BMP, so code units are read one by one.
 */
function planControlsOnly(text: string, breakFlag: number, listing: Listing, codes: Uint8Array): void {
  const { points, at } = listing;
  let count = 0;
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (!mayBeControlOrBreak(unit)) continue;
    if (isBidiControl(unit)) {
      points[count] = unit;
      at[count++] = index;
    } else if ((scanFactsOf(unit) & breakFlag) !== 0) {
      if (count > start) planParagraph(points, at, start, count, NO_RTL, codes);
      start = count;
    }
  }
  if (count > start) planParagraph(points, at, start, count, NO_RTL, codes);
}

/** Plans any text: every code point is listed, so that paragraphs with right-to-left text learn their facts. */
function planCodePoints(
  text: string,
  breaksParagraph: (codePoint: number) => boolean,
  listing: Listing,
  codes: Uint8Array,
): void {
  const { points, at } = listing;
  const paragraph = text.length <= RETAINED_CODE_POINTS ? retainedParagraph : new BidiParagraph();
  const table = scanFactsTable();
  let count = 0;
  let start = 0;
  let hasControl = false;
  let hasRtl = false;
  const breakFlag = breaksParagraph === breaksAtLineBreaks ? SCAN_FLAGS.lineBreak : 0;
  const custom = breakFlag === 0 && breaksParagraph !== breaksNever;
  for (let index = 0; index < text.length;) {
    const codePoint = text.codePointAt(index) as number;
    const facts = table[codePoint] || learnScanFacts(codePoint);
    if ((facts & breakFlag) !== 0 || (custom && breaksParagraph(codePoint))) {
      if (hasControl) planParagraph(points, at, start, count, hasRtl ? paragraph : NO_RTL, codes);
      start = count + 1;
      hasControl = hasRtl = false;
    } else {
      if (!hasControl && isBidiControl(codePoint)) hasControl = true;
      if ((facts & KEPT_RIGHT_TO_LEFT) === SCAN_FLAGS.rightToLeft) hasRtl = true;
    }
    points[count] = codePoint;
    at[count++] = index;
    index += codePoint > 0xffff ? 2 : 1;
  }
  if (hasControl) planParagraph(points, at, start, count, hasRtl ? paragraph : NO_RTL, codes);
}

/**
 * False for a code unit that is neither a bidi control nor a line break, from its value alone: those are all
 * U+061C ALM, in U+200E–U+2069, or LF, CR and NEL. A test checks it against every code unit.
 */
export function mayBeControlOrBreak(unit: number): boolean {
  return unit >= FIRST_CONTROL_RANGE
    ? unit <= PDI
    : unit === LF || unit === CR || unit === NEL || unit === ALM;
}

/** True for a bidi control: an embedding, override, isolate, their terminators, or a mark. */
export function isBidiControl(codePoint: number): boolean {
  return (
    (codePoint >= LRE && codePoint <= RLO) || (codePoint >= LRI && codePoint <= PDI) || isBidiMark(codePoint)
  );
}

/** Decides the controls of the paragraph at positions [from, to) of `points` (UTF-16 indices in `at`). */
export function planParagraph(
  points: Int32Array,
  at: Int32Array,
  from: number,
  to: number,
  paragraph: BidiParagraph,
  codes: Uint8Array,
): void {
  if (paragraph !== NO_RTL) paragraph.load(points, from, to);
  let depth = 0;
  let openIsolates = 0;
  for (let position = from; position < to; position++) {
    const codePoint = points[position] as number;
    if (isOpener(codePoint)) {
      if (depth === MAX_NESTING) {
        codes[at[position] as number] = OVERFLOW;
        continue;
      }
      open[depth++] = position;
      if (isIsolateOpener(codePoint)) openIsolates++;
    } else if (codePoint === PDF) {
      const top = depth === 0 ? -1 : (open[depth - 1] as number);
      if (top >= 0 && !isIsolateOpener(points[top] as number)) {
        depth--;
        decidePair(paragraph, top, position, at, codes);
      } else codes[at[position] as number] = UNBALANCED;
    } else if (codePoint === PDI) {
      // Searched only while an isolate is open, so each search ends the embeddings it passes: linear time.
      if (openIsolates === 0) {
        codes[at[position] as number] = UNBALANCED;
        continue;
      }
      while (!isIsolateOpener(points[open[depth - 1] as number] as number))
        codes[at[open[--depth] as number] as number] = UNBALANCED;
      decidePair(paragraph, open[--depth] as number, position, at, codes);
      openIsolates--;
    } else if (isBidiMark(codePoint)) {
      codes[at[position] as number] = verdictCode(paragraph.markVerdict(position));
    }
  }
  while (depth > 0) codes[at[open[--depth] as number] as number] = UNBALANCED;
}

function decidePair(
  paragraph: BidiParagraph,
  opener: number,
  closer: number,
  at: Int32Array,
  codes: Uint8Array,
): void {
  const code = verdictCode(paragraph.pairVerdict(opener, closer));
  codes[at[opener] as number] = code;
  codes[at[closer] as number] = code;
}

function isOpener(codePoint: number): boolean {
  return (
    codePoint === LRE ||
    codePoint === RLE ||
    codePoint === LRO ||
    codePoint === RLO ||
    isIsolateOpener(codePoint)
  );
}

function isIsolateOpener(codePoint: number): boolean {
  return codePoint === LRI || codePoint === RLI || codePoint === FSI;
}

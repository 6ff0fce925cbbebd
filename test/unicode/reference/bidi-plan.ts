// The bidi planner as it was before its scratch-buffer rewrite: the oracle the rewrite is compared with.
import { unitLength } from '../../../src/unicode/codepoint.js';
import { BidiParagraph, type PairVerdict } from './bidi-paragraph.js';
import { learnScanFactsOf } from '../../../src/unicode/scan-facts.js';

/** What happens to one bidi control: kept, or removed for a reason. */
export type BidiVerdict = PairVerdict | 'unbalanced' | 'overflow';

/**
 * Openers nested deeper than this are removed: each raises the embedding level by one or two, and UAX #9
 * ignores everything past level 125 (max_depth), so deeper controls are invisible noise.
 */
const MAX_NESTING = 60;

const LRE = 0x202a;
const RLE = 0x202b;
const PDF = 0x202c;
const LRO = 0x202d;
const RLO = 0x202e;
const LRI = 0x2066;
const RLI = 0x2067;
const FSI = 0x2068;
const PDI = 0x2069;
const LRM = 0x200e;
const RLM = 0x200f;
const ALM = 0x061c;

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
export function planBidiReference(
  text: string,
  breaksParagraph: (codePoint: number) => boolean,
): ReadonlyMap<number, BidiVerdict> {
  const verdicts = new Map<number, BidiVerdict>();
  learnScanFactsOf(text);
  let start = 0;
  let hasControl = false;
  for (let index = 0; index <= text.length;) {
    const codePoint = index < text.length ? (text.codePointAt(index) ?? 0) : -1;
    if (codePoint === -1 || breaksParagraph(codePoint)) {
      if (hasControl) planParagraph(text, start, index, verdicts);
      if (codePoint === -1) break;
      start = index + unitLength(codePoint);
      hasControl = false;
    } else if (isBidiControl(codePoint)) {
      hasControl = true;
    }
    index += unitLength(codePoint);
  }
  return verdicts;
}

function isBidiControl(codePoint: number): boolean {
  return (
    (codePoint >= LRE && codePoint <= RLO) ||
    (codePoint >= LRI && codePoint <= PDI) ||
    codePoint === LRM ||
    codePoint === RLM ||
    codePoint === ALM
  );
}

/** Decides the controls of the paragraph at [start, end) of `text`. */
function planParagraph(text: string, start: number, end: number, verdicts: Map<number, BidiVerdict>): void {
  const indices: number[] = [];
  const codePoints: number[] = [];
  for (let index = start; index < end;) {
    const codePoint = text.codePointAt(index) ?? 0;
    indices.push(index);
    codePoints.push(codePoint);
    index += unitLength(codePoint);
  }
  const paragraph = new BidiParagraph(codePoints);
  const open: number[] = [];
  const pairs: [number, number][] = [];
  const decide = (position: number, verdict: BidiVerdict): void => {
    verdicts.set(indices[position] ?? -1, verdict);
  };
  let openIsolates = 0;
  codePoints.forEach((codePoint, position) => {
    if (isOpener(codePoint)) {
      if (open.length < MAX_NESTING) open.push(position);
      else decide(position, 'overflow');
      if (open.at(-1) === position && isIsolateOpener(codePoint)) openIsolates++;
    } else if (codePoint === PDF) {
      const top = open.at(-1);
      if (top !== undefined && !isIsolateOpener(codePoints[top] ?? 0))
        pairs.push([open.pop() ?? top, position]);
      else decide(position, 'unbalanced');
    } else if (codePoint === PDI) {
      // Searched only while an isolate is open, so each search ends the embeddings it passes: linear time.
      const isolate =
        openIsolates === 0 ? -1 : open.findLastIndex((at) => isIsolateOpener(codePoints[at] ?? 0));
      if (isolate === -1) {
        decide(position, 'unbalanced');
      } else {
        for (const unterminated of open.splice(isolate + 1)) decide(unterminated, 'unbalanced');
        pairs.push([open.pop() ?? isolate, position]);
        openIsolates--;
      }
    } else if (codePoint === LRM || codePoint === RLM || codePoint === ALM) {
      decide(position, paragraph.markVerdict(position));
    }
  });
  for (const unterminated of open) decide(unterminated, 'unbalanced');
  for (const [opener, closer] of pairs) {
    const verdict = paragraph.pairVerdict(opener, closer);
    decide(opener, verdict);
    decide(closer, verdict);
  }
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

// Where a streamed parse may be cut: the top-level blocks that no later text can change, and their lines.
import type { Token } from 'markdown-it';

/** The cut of one parse: tokens before `token` render blocks that are final; the rest starts at `line`. */
export interface BlockCut {
  /** The index of the first token of the open part (`0`: nothing is final yet). */
  readonly token: number;
  /** The line, counted from the parsed text's first, where the open part starts. */
  readonly line: number;
}

/** A top-level block of a parse: its first token and its lines. */
interface Block {
  readonly token: number;
  readonly type: string;
  readonly start: number;
  readonly end: number;
}

/** Blocks that end with their own line: nothing after them can join them. */
const ONE_LINE_BLOCKS: ReadonlySet<string> = new Set(['heading_open', 'hr', 'fence']);
/** Blocks a blank line ends for good: no text after it can continue them. */
const LEAF_BLOCKS: ReadonlySet<string> = new Set(['paragraph_open', 'table_open']);
/** What a line may start with to continue a list across a blank line: indentation or a list marker. */
const LIST_CONTINUATION = /^[ \t\-+*\d]/;

/**
 * Finds the blocks of a parse that are final and cuts after the last of them. A block is final when the block
 * after it started on a whole line (a line break follows that line's start): no text written after a whole
 * line can make it continue an earlier block. It is final sooner when nothing can continue it whatever the
 * next line becomes: a heading, a rule or a closed fence once another block follows; a paragraph or table once
 * a blank line follows; a quote once a blank line and another block follow; a list once a blank line and a
 * block that starts with neither indentation nor a list marker follow. `lineStart(line)` is the first character
 * written on a line (as far as it is known). The open part stays: a line still being written may yet join the
 * block above it (`#` is an empty heading that ends a paragraph; `#x` continues it). Link reference
 * definitions make no tokens; one written later can still change an earlier block, which the stream's end
 * settles.
 */
export function cutFinalBlocks(
  tokens: readonly Token[],
  lastLine: number,
  lineStart: (line: number) => string,
): BlockCut {
  const blocks = topLevelBlocks(tokens);
  let cut: BlockCut = { token: 0, line: 0 };
  blocks.forEach((block, index) => {
    const next = blocks[index + 1];
    if (block.start < lastLine && index > 0) cut = { token: block.token, line: block.start };
    if (next !== undefined && endsBefore(block, next, lineStart))
      cut = { token: next.token, line: next.start };
  });
  return cut;
}

function endsBefore(block: Block, next: Block, lineStart: (line: number) => string): boolean {
  if (ONE_LINE_BLOCKS.has(block.type)) return true;
  const blankBetween = next.start > block.end;
  if (!blankBetween) return false;
  if (LEAF_BLOCKS.has(block.type) || block.type === 'blockquote_open') return true;
  const isList = block.type === 'bullet_list_open' || block.type === 'ordered_list_open';
  const first = lineStart(next.start);
  return isList && first !== '' && !LIST_CONTINUATION.test(first);
}

function topLevelBlocks(tokens: readonly Token[]): Block[] {
  const blocks: Block[] = [];
  tokens.forEach((token, index) => {
    if (token.level !== 0 || token.nesting === -1 || token.map === null) return;
    blocks.push({ token: index, type: token.type, start: token.map[0], end: token.map[1] });
  });
  return blocks;
}

const LINE_BREAK = /\r\n?|\n/g;

/** How many line breaks a text holds, as markdown-it counts them (CR LF, CR and LF each end a line). */
export function countLineBreaks(text: string): number {
  return text.match(LINE_BREAK)?.length ?? 0;
}

/** The offset in `text` where line `line` (0-based, as markdown-it numbers lines) starts. */
export function lineOffset(text: string, line: number): number {
  if (line === 0) return 0;
  let seen = 0;
  for (const match of text.matchAll(LINE_BREAK)) {
    seen += 1;
    if (seen === line) return match.index + match[0].length;
  }
  return text.length;
}

// The text blocks of an MCP tool result as bounded, cleaned, untrusted prose; every other block is left out.
import type { Finding } from '../vocabulary/finding.js';
import { sanitizeText } from '../purposes/text/sanitize-text.js';
import { countCodePoints } from '../unicode/codepoint.js';
import { untrusted, type Untrusted } from '../taint/untrusted.js';

/** Bounds on the prose taken from one result. */
export interface TextBlockLimits {
  /** Most text blocks taken (default 16); later ones are left out. */
  readonly maxBlocks: number;
  /** Most code points in one block (default 16,384); a longer block is left out, never cut. */
  readonly maxBlockCodePoints: number;
  /** Most code points over all blocks taken (default 65,536); blocks that would cross it are left out. */
  readonly maxTotalCodePoints: number;
}

/** The default bounds. */
export const DEFAULT_TEXT_BLOCK_LIMITS: TextBlockLimits = Object.freeze({
  maxBlocks: 16,
  maxBlockCodePoints: 16_384,
  maxTotalCodePoints: 65_536,
});

/** The prose taken, what was left out, and what cleaning found (codes and counts, pointer `/content/N`). */
export interface TextBlocks {
  readonly text: readonly Untrusted<string>[];
  /** Blocks left out: not text, over a bound, or refused by the text purpose. */
  readonly omitted: number;
  readonly findings: readonly Finding[];
}

/**
 * Takes the `text` blocks of a result's `content` in order. Each passes the `text` purpose (controls, bidi,
 * zero-width, tag and selector smuggling cleaned; NFC; length in code points) and is wrapped as
 * `Untrusted<string>` with `source`: prose from a tool never becomes trusted text, whatever it says. Images,
 * audio and resources are left out and counted. Never throws on content.
 */
export function takeTextBlocks(
  content: unknown,
  source: string,
  limits: TextBlockLimits = DEFAULT_TEXT_BLOCK_LIMITS,
): TextBlocks {
  const blocks: readonly unknown[] = Array.isArray(content) ? content : [];
  const text: Untrusted<string>[] = [];
  const findings: Finding[] = [];
  let total = 0;
  blocks.forEach((block, index) => {
    const value = textOf(block);
    if (value === undefined || text.length >= limits.maxBlocks) return;
    const cleaned = sanitizeText(value, { maxCodePoints: limits.maxBlockCodePoints });
    for (const finding of cleaned.findings) findings.push({ ...finding, pointer: `/content/${index}` });
    if (!cleaned.ok) return;
    const length = countCodePoints(cleaned.value);
    if (total + length > limits.maxTotalCodePoints) return;
    total += length;
    text.push(untrusted(cleaned.value, source));
  });
  return { text, omitted: blocks.length - text.length, findings };
}

function textOf(block: unknown): string | undefined {
  if (typeof block !== 'object' || block === null) return undefined;
  const { type, text } = block as { type?: unknown; text?: unknown };
  return type === 'text' && typeof text === 'string' ? text : undefined;
}

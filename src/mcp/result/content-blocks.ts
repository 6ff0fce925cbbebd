// The content blocks of an accepted result: prose as untrusted text by audience, everything else as a typed placeholder.
import { checkUrl } from '../../egress/check-url.js';
import type { EgressPolicy } from '../../egress/policy.js';
import type { UrlBlockReason } from '../../egress/reasons.js';
import { plainData } from '../../taint/plain.js';
import { untrusted, type Untrusted } from '../../taint/untrusted.js';
import type { Finding } from '../../vocabulary/finding.js';
import { BudgetMeter, type TextBudget } from './text-budget.js';

/** Who a text block is for, from its `audience` annotation (`both` when it names none or both). */
export type Audience = 'assistant' | 'user' | 'both';

/** A text block: its prose, cleaned by the text purpose and wrapped as untrusted. */
export interface McpTextBlock {
  readonly kind: 'text';
  /** Position in the result's `content`. */
  readonly index: number;
  readonly text: Untrusted<string>;
  readonly audience: Audience;
  /** False when the prose budget cut this block. */
  readonly complete: boolean;
}

/** Any other block, as a placeholder: what it is and how big, never its bytes. */
export interface McpPlaceholder {
  readonly kind: 'image' | 'audio' | 'resource_link' | 'resource' | 'unknown';
  readonly index: number;
  /** The media type without parameters, when it is a well-formed one. */
  readonly mimeType?: string;
  /** Bytes of the payload (decoded base64, UTF-8 text, or the size a resource link states). */
  readonly size?: number;
  /** The resource URI, when the egress policy allows it (canonical form). */
  readonly uri?: string;
  /** Why the URI was withheld. */
  readonly uriBlocked?: UrlBlockReason;
}

/** One block of a result, in order. */
export type McpBlock = McpTextBlock | McpPlaceholder;

/** The shaped blocks, the prose for a model, and what shaping found. */
export interface ShapedContent {
  readonly blocks: readonly McpBlock[];
  /** Prose for a model: text blocks whose audience includes the assistant, within the budget. */
  readonly text: readonly Untrusted<string>[];
  /** Blocks of `content` not in `text` (placeholders, user-only text, text over the budget). */
  readonly omitted: number;
  /** False when the budget cut or left out any prose. */
  readonly complete: boolean;
  readonly findings: readonly Finding[];
}

const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/**
 * Shapes the sanitized `content` of an accepted result (the gate validated it whole and cleaned every text
 * through the `text` purpose). Text for the assistant is taken within the budget; text only for the user is
 * kept in `blocks` for a UI but never in `text`; every other block becomes a placeholder and a
 * `mcp.non_text_block` finding. Pointers in findings point into the result (`/content/N`).
 */
export function shapeContent(
  content: unknown,
  source: string,
  budget: TextBudget,
  uriPolicy: EgressPolicy,
): ShapedContent {
  const blocksData = plainData(content); // the gate's text wrappers: each block is wrapped again below
  const items: readonly unknown[] = Array.isArray(blocksData) ? blocksData : [];
  const meter = new BudgetMeter(budget);
  const findings: Finding[] = [];
  const blocks: McpBlock[] = [];
  const text: Untrusted<string>[] = [];
  items.forEach((item, index) => {
    const block = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    const pointer = `/content/${String(index)}`;
    if (block.type !== 'text' || typeof block.text !== 'string') {
      blocks.push(placeholder(block, index, uriPolicy, findings));
      findings.push({
        code: 'mcp.non_text_block',
        pointer,
        count: 1,
        action: 'reported',
        detail: { kind: kindOf(block) },
      });
      return;
    }
    const audience = audienceOf(block.annotations);
    const taken =
      audience === 'user' ? { text: block.text, complete: true } : meter.take(block.text, pointer, findings);
    if (taken === undefined) return;
    const wrapped = untrusted(taken.text, source);
    blocks.push({ kind: 'text', index, text: wrapped, audience, complete: taken.complete });
    if (audience !== 'user') text.push(wrapped);
  });
  return { blocks, text, omitted: items.length - text.length, complete: meter.complete, findings };
}

function placeholder(
  block: Record<string, unknown>,
  index: number,
  policy: EgressPolicy,
  findings: Finding[],
): McpPlaceholder {
  const kind = kindOf(block);
  const resource = (kind === 'resource' ? block.resource : block) as Record<string, unknown> | undefined;
  const mimeType = mimeOf(resource?.mimeType);
  const size = sizeOf(kind, resource);
  const uri = typeof resource?.uri === 'string' ? checkUri(resource.uri, index, policy, findings) : {};
  return {
    kind,
    index,
    ...(mimeType === undefined ? {} : { mimeType }),
    ...(size === undefined ? {} : { size }),
    ...uri,
  };
}

function kindOf(block: Record<string, unknown>): McpPlaceholder['kind'] {
  const type = block.type;
  return type === 'image' || type === 'audio' || type === 'resource_link' || type === 'resource'
    ? type
    : 'unknown';
}

function sizeOf(kind: McpPlaceholder['kind'], part: Record<string, unknown> | undefined): number | undefined {
  if (part === undefined) return undefined;
  if (kind === 'resource_link') {
    const stated = part.size;
    return typeof stated === 'number' && Number.isFinite(stated) && stated >= 0
      ? Math.floor(stated)
      : undefined;
  }
  const base64 = kind === 'resource' ? part.blob : part.data;
  if (typeof base64 === 'string') return base64Size(base64);
  return typeof part.text === 'string' ? Buffer.byteLength(part.text, 'utf8') : undefined;
}

/** Decoded size of a (validated) base64 string. */
function base64Size(value: string): number {
  const padding = value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0;
  return Math.floor((value.length * 3) / 4) - padding;
}

function mimeOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const essence = (value.split(';')[0] ?? '').trim().toLowerCase();
  return MIME.test(essence) ? essence : undefined;
}

function checkUri(
  uri: string,
  index: number,
  policy: EgressPolicy,
  findings: Finding[],
): Pick<McpPlaceholder, 'uri' | 'uriBlocked'> {
  const decision = checkUrl(uri, policy);
  const pointer = `/content/${String(index)}`;
  for (const finding of decision.findings) findings.push({ ...finding, pointer });
  return decision.allowed ? { uri: decision.href } : { uriBlocked: decision.reason };
}

function audienceOf(annotations: unknown): Audience {
  const audience = (annotations as { audience?: unknown } | undefined)?.audience;
  if (!Array.isArray(audience)) return 'both';
  const assistant = audience.includes('assistant');
  const user = audience.includes('user');
  return assistant === user ? 'both' : assistant ? 'assistant' : 'user';
}

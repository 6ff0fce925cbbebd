// A gated MCP result as the proxy's client receives it: prose inside unforgeable boundaries, or a refusal by code.
import type { JsonValue } from '../../json/types.js';
import type { McpBlock } from '../../mcp/result/content-blocks.js';
import type { McpToolResult } from '../../mcp/tool-client.js';
import { plainData } from '../../taint/plain.js';
import { heldValue, type Untrusted } from '../../taint/untrusted.js';
import type { Finding } from '../../vocabulary/finding.js';
import type { EgressPolicy } from '../../egress/policy.js';
import type { WrapMode } from '../../../sinks/prompt/boundary.js';
import { wrapUntrusted } from '../../../sinks/prompt/wrap.js';
import {
  flaggedMeta,
  INSTRUCTION_NOTICE,
  INSTRUCTION_REFUSAL,
  instructionMarks,
  type InstructionMarks,
} from './instruction-flag.js';
import { withholdLinks } from './withhold-links.js';

/** The `_meta` key under which every result names its evidence record. */
export const EVIDENCE_META_KEY = 'agent-airlock/evidence';

/** A `tools/call` result as the proxy sends it. */
export interface PresentedResult {
  readonly content: readonly { readonly type: 'text'; readonly text: string }[];
  readonly structuredContent?: Readonly<Record<string, JsonValue>>;
  readonly isError?: true;
  readonly _meta?: Readonly<Record<string, JsonValue>>;
}

/** How prose is shown. */
export interface Presenting {
  /** The untrusted-source label written in each boundary. */
  readonly source: string;
  readonly mode: WrapMode;
  readonly policy: EgressPolicy;
}

/** A presented result and what presenting it changed (links withheld), for the audit trail. */
export interface Presented {
  readonly result: PresentedResult;
  readonly findings: readonly Finding[];
  /** Every text shown inside a boundary, for the session's memory of untrusted output. */
  readonly shown: readonly string[];
}

/**
 * Presents a gated result. Accepted: each prose block in its own untrusted block (a fresh nonce each), links
 * and images the policy does not allow withheld inside it; structured data (gated, sanitized) both as
 * `structuredContent` and as JSON in an untrusted block, since many clients show the model only `content`;
 * every other block as a placeholder line of the proxy's own words (kind, media type and size, never its
 * bytes or URI). Refused: `isError`, the agent code and whether a retry makes sense, and — only when the
 * tool itself reported the error — its own explanation, bounded and inside a boundary. Never a byte of a
 * refused response. `_meta` names the evidence reference when there is one. A result holding text shaped like
 * instructions to the assistant (a `text.instruction` finding, when the signal is on) starts with the proxy's
 * fixed notice saying so (after the refusal line, for a tool error's explanation), and a refusal for such text
 * names the finding; either way `_meta` names the code.
 */
export function presentResult(result: McpToolResult, presenting: Presenting): Presented {
  const { outcome } = result;
  const findings: Finding[] = [];
  const shown: string[] = [];
  const wrap = (text: string): { type: 'text'; text: string } => {
    const held = withholdLinks(text, presenting.policy);
    findings.push(...held.findings);
    shown.push(held.text);
    return {
      type: 'text',
      text: wrapUntrusted(held.text, { source: presenting.source, mode: presenting.mode }),
    };
  };
  const marks = instructionMarks(result.findings);
  const meta = metaOf(outcome.meta.evidence, marks);
  const notice = marks.reported ? [{ type: 'text' as const, text: INSTRUCTION_NOTICE }] : [];
  if (!outcome.ok) {
    const { code, retryable } = outcome.error;
    const why =
      (marks.rejected ? ` (${INSTRUCTION_REFUSAL})` : '') + (retryable ? ' (the call may be retried)' : '');
    const refusal = `Airlock refused this tool result: ${code}${why}.`;
    const explanation = result.errorText.map((text) => wrap(plainText(text)));
    const content = [{ type: 'text' as const, text: refusal }, ...notice, ...explanation];
    return { result: { content, isError: true, ...meta }, findings, shown };
  }
  const content: { type: 'text'; text: string }[] = [...notice];
  const data = plainData(outcome.data) as JsonValue;
  const structured = isRecord(data) ? data : undefined;
  if (result.projection === 'metadata-only' || structured !== undefined)
    content.push(wrap(JSON.stringify(data)));
  for (const text of result.text) content.push(wrap(plainText(text)));
  for (const block of result.blocks) if (block.kind !== 'text') content.push(placeholderLine(block));
  if (!result.complete)
    content.push({
      type: 'text',
      text: '[Airlock: part of this result was left out to stay within its budget.]',
    });
  const withData = structured === undefined ? {} : { structuredContent: structured };
  return { result: { content, ...withData, ...meta }, findings, shown };
}

/** `_meta` naming the evidence reference and the codes that flag the result, when there are any. */
function metaOf(
  evidence: string | undefined,
  marks: InstructionMarks,
): { readonly _meta?: Record<string, JsonValue> } {
  const members = {
    ...(evidence === undefined ? {} : { [EVIDENCE_META_KEY]: evidence }),
    ...flaggedMeta(marks),
  };
  return Object.keys(members).length === 0 ? {} : { _meta: members };
}

/** The string an untrusted value holds. */
function plainText(text: Untrusted<string>): string {
  return heldValue<string>(text);
}

function isRecord(value: JsonValue): value is Record<string, JsonValue> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The proxy's own line for a block it does not pass on: what it was, never what it held. */
function placeholderLine(block: Exclude<McpBlock, { readonly kind: 'text' }>): {
  type: 'text';
  text: string;
} {
  const facts = [block.mimeType, block.size === undefined ? undefined : `${String(block.size)} bytes`].filter(
    (fact): fact is string => fact !== undefined,
  );
  const described = facts.length === 0 ? block.kind : `${block.kind}, ${facts.join(', ')}`;
  return { type: 'text', text: `[Airlock: ${described} withheld; the evidence record keeps it.]` };
}

// An MCP result's outcome as a model reads it: structured data, prose within the budget, placeholders for the rest.
import type { EgressPolicy } from '../../egress/policy.js';
import type { McpPlaceholder } from '../../mcp/result/content-blocks.js';
import { shapeContent } from '../../mcp/result/content-blocks.js';
import type { TextBudget } from '../../mcp/result/text-budget.js';
import { unwrapSuccess } from '../../mcp/result/unwrap.js';
import type { OutcomeJson } from '../../taint/outcome-data.js';
import { SOURCE_PATTERN } from '../../taint/source.js';
import type { Untrusted } from '../../taint/untrusted.js';
import type { PurposeKind } from '../../vocabulary/purpose-kinds.js';
import type { ToolOutcome } from '../../vocabulary/outcome.js';

/** The data of an accepted MCP result: what the model sees, as JSON inside one untrusted block. */
export interface McpToolData {
  /** `structuredContent` as its contract projected it; absent when the tool has no structured contract. */
  readonly structuredContent?: OutcomeJson;
  /** Prose for the model: the text blocks meant for the assistant, cleaned, within the text budget. */
  readonly text: readonly Untrusted<string>[];
  /** Every other block (image, audio, resource …) as a placeholder: what it is and how big, never its bytes. */
  readonly placeholders?: readonly McpPlaceholder[];
  /** `false` when the text budget cut or left out prose. */
  readonly complete?: false;
}

/** How content blocks are shaped. */
export interface McpShaping {
  readonly budget: TextBudget;
  readonly uriPolicy: EgressPolicy;
}

/** Source label of prose from a tool whose name is not a valid label on its own. */
const FALLBACK_SOURCE = 'mcp';

/** Purposes of a placeholder's strings. */
const PLACEHOLDER_PURPOSES: Readonly<Record<string, PurposeKind>> = Object.freeze({
  kind: 'enum',
  mimeType: 'id',
  uri: 'url',
  uriBlocked: 'enum',
});

/**
 * Takes the gate's outcome of a whole MCP result (checked against the result-envelope contract) to the data a
 * model may read: the projected `structuredContent` when `structured` (the tool has a client or hardened server
 * contract), the prose of its text blocks within the budget (text only for the user is left out), and a
 * placeholder for every other block. Purposes are re-keyed to the new data, and shaping findings (`mcp.*`) join
 * the gate's. A failure is returned as it is.
 */
export function mcpToolOutcome(
  outcome: ToolOutcome<unknown>,
  structured: boolean,
  shaping: McpShaping,
): ToolOutcome<McpToolData> {
  if (!outcome.ok) return outcome;
  const unwrapped = unwrapSuccess(outcome, structured);
  const source = SOURCE_PATTERN.test(outcome.meta.tool) ? outcome.meta.tool : FALLBACK_SOURCE;
  const shaped = shapeContent(unwrapped.content, source, shaping.budget, shaping.uriPolicy);
  const placeholders = shaped.blocks.filter((block): block is McpPlaceholder => block.kind !== 'text');
  const purposes = Object.create(null) as Record<string, PurposeKind>;
  if (structured) {
    for (const [pointer, kind] of Object.entries(unwrapped.outcome.meta.purposes))
      purposes[`/structuredContent${pointer}`] = kind;
  }
  shaped.text.forEach((_, index) => (purposes[`/text/${String(index)}`] = 'text'));
  placeholders.forEach((placeholder, index) => {
    for (const member of Object.keys(placeholder)) {
      const kind = PLACEHOLDER_PURPOSES[member];
      if (kind !== undefined) purposes[`/placeholders/${String(index)}/${member}`] = kind;
    }
  });
  const data: McpToolData = {
    ...(structured ? { structuredContent: unwrapped.outcome.data as OutcomeJson } : {}),
    text: shaped.text,
    ...(placeholders.length === 0 ? {} : { placeholders }),
    ...(shaped.complete ? {} : { complete: false as const }),
  };
  return {
    ok: true,
    data,
    meta: {
      ...unwrapped.outcome.meta,
      purposes: Object.freeze(purposes),
      findings: [...outcome.meta.findings, ...shaped.findings],
    },
  };
}

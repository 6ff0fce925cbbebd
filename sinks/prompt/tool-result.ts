// What a model sees for one tool call: accepted data in one untrusted block, or the typed error and nothing else.
import { SOURCE_PATTERN } from '../../src/taint/source.js';
import { plainData } from '../../src/taint/plain.js';
import { untrusted } from '../../src/taint/untrusted.js';
import type { AgentCode } from '../../src/vocabulary/codes.js';
import type { Finding } from '../../src/vocabulary/finding.js';
import { freshNonce, type WrapMode } from './boundary.js';
import { renderBlock } from './render.js';
import { untrustedText } from './serialise.js';

/** The agent-facing error of a failed call: a finite code and whether a retry makes sense. */
export interface AgentError {
  readonly code: AgentCode;
  readonly retryable: boolean;
}

/** The parts of an outcome a model may see. Every `ToolOutcome` is one. */
export type ToolResultInput =
  | { readonly ok: true; readonly data: unknown; readonly meta: { readonly tool: string } }
  | { readonly ok: false; readonly error: AgentError };

/** The model-facing text of one call: the block (accepted) or `{"error":{"code":…,"retryable":…}}` (rejected). */
export type ToolResultView =
  | { readonly ok: true; readonly text: string; readonly findings: readonly Finding[] }
  | { readonly ok: false; readonly text: string; readonly error: AgentError };

/** The source label when a tool name is not a valid untrusted-source label on its own. */
const FALLBACK_SOURCE = 'tool';

/**
 * The text a model receives as one tool call's result. An accepted outcome's data is written as JSON inside one
 * untrusted block (`<untrusted-NONCE source="TOOL" format="…">`, a fresh nonce per call, boundary look-alikes and
 * chat-template tokens defused); a failure is Airlock's own finite error as JSON, outside any block, carrying
 * only the code and whether a retry makes sense. Throws a TypeError when accepted data has no JSON form (data
 * that passed the gate always has one).
 */
export function toolResultView(outcome: ToolResultInput, mode: WrapMode = 'tags'): ToolResultView {
  if (!outcome.ok) {
    const error: AgentError = { code: outcome.error.code, retryable: outcome.error.retryable };
    return { ok: false, text: JSON.stringify({ error }), error };
  }
  const source = SOURCE_PATTERN.test(outcome.meta.tool) ? outcome.meta.tool : FALLBACK_SOURCE;
  // Always JSON, so a string result reads as a JSON string, not as bare prose.
  const data = plainData(outcome.data);
  const content = typeof data === 'string' ? JSON.stringify(data) : untrustedText(untrusted(data, source));
  const block = renderBlock(content, { source, mode, nonce: freshNonce() });
  return { ok: true, text: block.text, findings: block.findings };
}

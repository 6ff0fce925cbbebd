// tools/list through the proxy: the server's listing reviewed against the pins, approved tools presented cleaned.
import type { McpToolReview } from '../../mcp/list-tools.js';
import { definitionInstructions } from '../../taint/definition-signal.js';
import { presentDefinition, type PresentedTool } from '../definitions/present-definition.js';
import { RESULT_NOTICE, type ProxyCore } from './core.js';

/** What a listing found: the tools the client may see, and those waiting for an operator. */
export interface Listing {
  readonly tools: readonly PresentedTool[];
  /** Tools not shown: never approved, changed since approval, renamed, or not pinnable. */
  readonly pending: readonly string[];
}

/**
 * Lists the server's tools through the side channel (bounded, strictly parsed, every definition reviewed
 * against the store's pins) and presents the approved ones. Under `first-use` approval, a tool never seen
 * before is approved as it is now, unless cleaning its definition changed anything (hidden blocks, invisible
 * characters, chat-template tokens, secrets): such a definition waits for a person. A changed or renamed
 * definition always waits: a client never sees it, and its calls are refused, until it is approved again.
 */
export async function listTools(core: ProxyCore, signal: AbortSignal | undefined): Promise<Listing> {
  const reviews = await core.upstream.tools.listTools(signal === undefined ? {} : { signal });
  const tools: PresentedTool[] = [];
  const pending: string[] = [];
  for (const review of reviews) {
    const shown = await approvedPresentation(core, review);
    if (shown !== undefined) tools.push(shown);
    else pending.push(review.name ?? '(invalid)');
  }
  return { tools, pending };
}

async function approvedPresentation(
  core: ProxyCore,
  review: McpToolReview,
): Promise<PresentedTool | undefined> {
  const definition = review.definition;
  if (definition === undefined) return undefined;
  const presented = presentDefinition(definition, RESULT_NOTICE);
  if (review.status === 'approved') return presented.tool;
  // A definition that cleaning changed, or that addresses the assistant, waits for a person even at first use.
  const clean =
    presented.findings.every((finding) => finding.action !== 'cleaned') &&
    definitionInstructions(definition) === undefined;
  if (review.reason !== 'unapproved' || core.settings.approve !== 'first-use' || !clean) return undefined;
  const verdict = await core.registry.approve(definition);
  return verdict.status === 'approved' ? presented.tool : undefined;
}

// The MCP adapter (client side): tools listed and pinned through the registry, every result's wire bytes through the gate.
import type { RequestContext } from '../bind/rules.js';
import { projectMetadataOnly } from '../calls/metadata-only.js';
import { statusOrClosed, UNREADABLE_STATUS, type ToolRegistry } from '../calls/registry.js';
import { unavailableOutcome } from '../calls/unavailable.js';
import { DEFAULT_EGRESS_POLICY, type EgressPolicy } from '../egress/policy.js';
import type { Gate } from '../gate/create-gate.js';
import type { JsonValue } from '../json/types.js';
import type { InstructionPolicy } from '../purposes/text/instruction.js';
import { checkSource } from '../taint/source.js';
import type { Untrusted } from '../taint/untrusted.js';
import type { Finding } from '../vocabulary/finding.js';
import type { ToolOutcome } from '../vocabulary/outcome.js';
import { gateInput } from './failure-input.js';
import { within } from './deadline.js';
import { listAllTools, type McpToolReview } from './list-tools.js';
import { resolveClientLimits, type LimitOptions } from './client-limits.js';
import { createOutputContracts, TEXT_ONLY_VERSION, type ResolvedContract } from './output-contract.js';
import { shapeContent, type McpBlock } from './result/content-blocks.js';
import { errorText } from './result/error-text.js';
import type { TextBudget } from './result/text-budget.js';
import { unwrapSuccess } from './result/unwrap.js';
import { watchToolList } from './tool-list-watch.js';
import type { AirlockTransport, WireReply } from './wire/types.js';

/** Options of {@link createMcpToolClient}. */
export interface McpToolClientOptions extends LimitOptions {
  /** An Airlock transport (`stdioTransport`, `streamableHttpTransport`, `boundTransport`) a Client is connected through. */
  readonly transport: AirlockTransport;
  readonly gate: Gate;
  readonly registry: ToolRegistry;
  /** The untrusted-source label of this server's prose, such as `mcp.tickets`. */
  readonly source: string;
  /** The policy resource URIs in placeholders are checked against (default: Airlock's egress default). */
  readonly uriPolicy?: EgressPolicy;
}

/** One call's result: the gate's outcome and the result's content, shaped. */
export interface McpToolResult {
  /** `data` is the projected `structuredContent` (`null` for a text-only tool). */
  readonly outcome: ToolOutcome<unknown>;
  /** `metadata-only` when the tool's state cut the outcome down (no prose or blocks are returned then). */
  readonly projection: 'complete' | 'metadata-only';
  /** Prose for a model: untrusted text blocks for the assistant, within the budget (only on success). */
  readonly text: readonly Untrusted<string>[];
  /** Every block in order: text, or a typed placeholder (only on success). */
  readonly blocks: readonly McpBlock[];
  /** Blocks not in `text`. */
  readonly omitted: number;
  /** False when the prose budget cut or left out anything, or an error's explanation was cut. */
  readonly complete: boolean;
  /** On a tool error: its explanation, bounded, cleaned and untrusted, so a model can correct its call. */
  readonly errorText: readonly Untrusted<string>[];
  /** Every finding: the gate's (also in the audit record) and the adapter's (`mcp.*`). */
  readonly findings: readonly Finding[];
}

/** The adapter. */
export interface McpToolClient {
  /** Lists the server's tools, reviews each definition against the registry's pins, reports each contract. */
  listTools(options?: { readonly signal?: AbortSignal }): Promise<readonly McpToolReview[]>;
  /** Calls a tool whose current definition is approved and that is not offline. Never throws on content. */
  callTool(
    name: string,
    args: JsonValue,
    context: RequestContext,
    options?: { readonly signal?: AbortSignal },
  ): Promise<McpToolResult>;
  /** Stops watching the server's tool list (the transport is the caller's to close). */
  close(): void;
}

const EMPTY: Omit<McpToolResult, 'outcome' | 'projection'> = Object.freeze({
  text: Object.freeze([]),
  blocks: Object.freeze([]),
  omitted: 0,
  complete: true,
  errorText: Object.freeze([]),
  findings: Object.freeze([]),
});

/**
 * Lists and calls tools through the transport's side channel, so the SDK never parses a tool result: the
 * exact bytes of each reply's `result` go to the gate, which reads them under the contract's ceiling,
 * parses them strictly, validates the whole result (content blocks, and `structuredContent` against the
 * tool's contract), sanitizes every text, and stores those bytes as evidence. On `tools/list_changed` the
 * tools are listed again and a changed definition is quarantined before the next call goes out. Throws a
 * TypeError or `ContractError` on bad options or client contracts.
 */
export function createMcpToolClient(options: McpToolClientOptions): McpToolClient {
  checkSource(options.source);
  const { gate, registry, transport, source } = options;
  const settings = resolveClientLimits(options, transport.maxMessageBytes);
  const contracts = createOutputContracts(options.contracts ?? {}, settings.bounds);
  const listOptions = {
    timeoutMs: settings.timeoutMs,
    maxTools: settings.maxTools,
    maxBytes: transport.maxMessageBytes,
  };
  const list = (signal?: AbortSignal) =>
    listAllTools(transport, registry, contracts, { ...listOptions, signal });
  const watch = watchToolList(transport, () => list());

  const call = async (
    name: string,
    args: JsonValue,
    context: RequestContext,
    signal: AbortSignal | undefined,
  ): Promise<McpToolResult> => {
    const closed = (version: string): McpToolResult => ({
      outcome: unavailableOutcome(name, version, context.requestId),
      projection: 'complete',
      ...EMPTY,
    });
    if (!(await watch.settled(signal))) return closed(TEXT_ONLY_VERSION);
    const status = await within(
      () => statusOrClosed(registry, name),
      settings.timeoutMs,
      signal,
      UNREADABLE_STATUS,
    );
    if (!status.approved || status.state === 'offline') return closed(TEXT_ONLY_VERSION);
    const contract = contracts.resolve(name, status.definition);
    if (contract.status.source === 'refused' && settings.onRefused === 'unavailable')
      return closed(contract.status.version);
    const params = { name, arguments: args };
    const reply = await transport.exchange('tools/call', params, { timeoutMs: settings.timeoutMs, signal });
    const input = gateInput(reply);
    const outcome = await gate.accept(
      contract.definition,
      input.raw,
      context,
      input.signal === undefined ? {} : { signal: input.signal },
    );
    if (!outcome.ok)
      return failed(outcome, reply, contract, {
        source,
        instructions: settings.bounds.envelope.instructions,
      });
    return succeeded(outcome, contract, status.state === 'metadata-only', {
      source,
      budget: settings.text,
      uriPolicy: options.uriPolicy ?? DEFAULT_EGRESS_POLICY,
    });
  };

  return Object.freeze({
    listTools: (listing: { readonly signal?: AbortSignal } = {}) => list(listing.signal),
    callTool: (
      name: string,
      args: JsonValue,
      context: RequestContext,
      callOptions: { readonly signal?: AbortSignal } = {},
    ) => call(name, args, context, callOptions.signal),
    close: () => {
      watch.stop();
    },
  });
}

/**
 * An accepted outcome, unwrapped from the result envelope, with its content shaped for the model (prose under
 * the text budget, placeholders for other blocks); a metadata-only tool gets identifiers and states only.
 */
function succeeded(
  outcome: ToolOutcome<unknown> & { readonly ok: true },
  contract: ResolvedContract,
  metadataOnly: boolean,
  shaping: { readonly source: string; readonly budget: TextBudget; readonly uriPolicy: EgressPolicy },
): McpToolResult {
  const structured = contract.status.source === 'client' || contract.status.source === 'server';
  const unwrapped = unwrapSuccess(outcome, structured);
  if (metadataOnly)
    return { outcome: projectMetadataOnly(unwrapped.outcome), projection: 'metadata-only', ...EMPTY };
  const shaped = shapeContent(unwrapped.content, shaping.source, shaping.budget, shaping.uriPolicy);
  return {
    outcome: unwrapped.outcome,
    projection: 'complete',
    ...shaped,
    errorText: EMPTY.errorText,
    findings: [...outcome.meta.findings, ...shaped.findings],
  };
}

/** A failed outcome, with the tool's own explanation when the failure is the tool's (or the server's) error. */
function failed(
  outcome: ToolOutcome<unknown> & { ok: false },
  reply: WireReply,
  contract: ResolvedContract,
  reading: { readonly source: string; readonly instructions: InstructionPolicy },
): McpToolResult {
  const base = { outcome, projection: 'complete' as const, ...EMPTY, findings: outcome.meta.findings };
  if (reply.kind === 'too_large') {
    const detail = { bytes: reply.total, limit: reply.limit };
    const finding: Finding = {
      code: 'mcp.reply_too_large',
      pointer: '',
      count: 1,
      action: 'rejected',
      detail,
    };
    return { ...base, findings: [...outcome.meta.findings, finding] };
  }
  const toolError = (reply.kind === 'result' && reply.isError) || reply.kind === 'error';
  if (!toolError || outcome.error.code !== 'upstream_error') return base;
  const explained = errorText(reply.bytes, reply.kind, contract.definition.limits.parse, reading.source, {
    instructions: reading.instructions,
  });
  return {
    ...base,
    errorText: explained.text,
    complete: explained.complete,
    findings: [...outcome.meta.findings, ...explained.findings],
  };
}

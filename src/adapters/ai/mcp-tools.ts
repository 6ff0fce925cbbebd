// wrapMcpTools: every tool of an AI SDK MCP client, its results through the gate under the server's hardened schema.
import type { Tool } from 'ai';
import { snapshotDefinition } from '../../calls/tool-definition.js';
import { unavailableOutcome } from '../../calls/unavailable.js';
import { DEFAULT_EGRESS_POLICY, type EgressPolicy } from '../../egress/policy.js';
import type { Gate } from '../../gate/create-gate.js';
import { resolveClientLimits, type ClientSettings, type LimitOptions } from '../../mcp/client-limits.js';
import { createOutputContracts, type ResolvedContract } from '../../mcp/output-contract.js';
import { DEFAULT_MAX_MESSAGE_BYTES, RESULT_TOO_LARGE_CODE } from '../../mcp/wire/types.js';
import type { ToolOutcome } from '../../vocabulary/outcome.js';
import type { WrapMode } from '../../../sinks/prompt/boundary.js';
import { toGateInput } from '../gate-input.js';
import { newRequestId } from '../request-id.js';
import { resolveWrapOptions } from '../wrap-options.js';
import type { AiCallOptions } from './call-request.js';
import { listAllDefinitions, type AiMcpClient } from './mcp-listing.js';
import { mcpToolOutcome, type McpShaping, type McpToolData } from './mcp-outcome.js';
import type { AiWrapOptions } from './tool-types.js';
import { wrapTool } from './wrap-tool.js';

/** Options of {@link wrapMcpTools}: the gate, the call options of `wrapTool`, and the MCP adapter's bounds. */
export interface McpToolsOptions extends LimitOptions {
  readonly gate: Gate;
  /** The trusted facts of each call (tenant …), or a function of the call returning them. */
  readonly context?: NonNullable<AiWrapOptions<unknown, McpToolData>['context']>;
  /** Deadline of each tool call in milliseconds (default 30 000); `requestTimeoutMs` bounds each listing page. */
  readonly timeoutMs?: number;
  /** How accepted data is encoded inside its untrusted block (default `tags`). */
  readonly mode?: WrapMode;
  /** The policy resource URIs in placeholders are checked against (default: Airlock's egress default). */
  readonly uriPolicy?: EgressPolicy;
}

/** An MCP tool whose results pass the gate: the model sees the untrusted block or the typed error. */
export type GatedMcpTool = Tool<unknown, ToolOutcome<McpToolData>>;

type Execute = (input: unknown, options: AiCallOptions) => unknown;

/**
 * What the gate reads when Airlock's bounded transport (`stdioTransport`, `streamableHttpTransport`), used as the
 * client's transport, refused a reply over its ceiling (JSON-RPC error -32050): nothing of the reply arrived, so
 * the call ends on status 413 (Content Too Large), an `upstream_error` that is not retryable.
 */
const REPLY_TOO_LARGE = Object.freeze({ body: '', status: 413 });

/**
 * Wraps every tool of an `@ai-sdk/mcp` client (`createMCPClient(…)`, 1.x with AI SDK 6 or 2.x with AI SDK 7).
 * The definitions are listed once (`listTools`, paged, bounded) and the AI SDK tools built from exactly those
 * (`toolsFromDefinitions`). Each tool's results are checked against, in this order: your contract for its
 * `structuredContent` (`contracts`), the server's `outputSchema` hardened by the MCP adapter's fixed rules, or
 * text-only; a schema that cannot be hardened is text-only (or `tool_unavailable` with
 * `serverSchemas.onRefused: 'unavailable'`). `execute` returns the `ToolOutcome`: the result as the client
 * parsed it, written back as JSON, read under the ceiling (`limits.maxResultBytes`, default 4 MiB), validated
 * whole, every text sanitized; an `isError` result is `upstream_error`. Its data is `structuredContent` as
 * projected, the prose within the text budget, and placeholders for other blocks. `toModelOutput` gives the
 * model that data in one untrusted block, or `{ error: { code, retryable } }`. A tool whose name no contract can
 * carry (outside `A-Z a-z 0-9 _ . -`, 1–64) is left out. Throws a TypeError or `ContractError` for bad options;
 * rejects with `McpListError` when the listing fails.
 */
export async function wrapMcpTools(
  client: AiMcpClient,
  options: McpToolsOptions,
): Promise<Record<string, GatedMcpTool>> {
  const given = client as Partial<AiMcpClient> | null;
  if (typeof given?.listTools !== 'function' || typeof given.toolsFromDefinitions !== 'function')
    throw new TypeError('wrapMcpTools needs a client from createMCPClient().');
  const settings = resolveClientLimits(options, options.limits?.maxResultBytes ?? DEFAULT_MAX_MESSAGE_BYTES);
  const contracts = createOutputContracts(options.contracts ?? {}, settings.bounds);
  // Checks the call options once, before anything is listed (every tool's wrapper checks them again).
  resolveWrapOptions({ ...options, contract: contracts.resolve('mcp', undefined).definition });
  const listing = await listAllDefinitions(client, {
    timeoutMs: settings.timeoutMs,
    maxTools: settings.maxTools,
  });
  const built = client.toolsFromDefinitions(listing) as Readonly<Record<string, unknown>>;
  const shaping: McpShaping = {
    budget: settings.text,
    uriPolicy: options.uriPolicy ?? DEFAULT_EGRESS_POLICY,
  };
  const tools = Object.create(null) as Record<string, GatedMcpTool>;
  for (const definition of listing.tools) {
    const taken = snapshotDefinition(definition);
    if (!taken.ok) continue;
    const name = taken.snapshot.name;
    const tool = Object.hasOwn(built, name) ? (built[name] as Tool<unknown, unknown>) : undefined;
    if (typeof tool?.execute !== 'function') continue;
    const resolved = contracts.resolve(name, taken.snapshot);
    tools[name] = gatedMcpTool(tool, tool.execute as Execute, resolved, { settings, shaping, options });
  }
  return tools;
}

interface ToolSetup {
  readonly settings: ClientSettings;
  readonly shaping: McpShaping;
  readonly options: McpToolsOptions;
}

/** One MCP tool through `wrapTool`, its raw result marked as a tool failure when `isError`, its outcome shaped. */
function gatedMcpTool(
  tool: Tool<unknown, unknown>,
  execute: Execute,
  resolved: ResolvedContract,
  { settings, shaping, options }: ToolSetup,
): GatedMcpTool {
  const { source, version } = resolved.status;
  const structured = source === 'client' || source === 'server';
  const unavailable = source === 'refused' && settings.onRefused === 'unavailable';
  const raw: Execute = async (input, call) => {
    try {
      return rawResult(await execute(input, call));
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code === RESULT_TOO_LARGE_CODE) return REPLY_TOO_LARGE;
      throw error;
    }
  };
  const gated = wrapTool(
    { ...tool, execute: raw },
    {
      ...options,
      contract: resolved.definition,
    },
  );
  const run = (input: unknown, call: AiCallOptions): Promise<ToolOutcome<unknown>> =>
    gated.execute(input, call as Parameters<typeof gated.execute>[1]);
  const gatedExecute = async (input: unknown, call: AiCallOptions): Promise<ToolOutcome<McpToolData>> =>
    unavailable
      ? unavailableOutcome(resolved.definition.name, version, newRequestId())
      : mcpToolOutcome(await run(input, call), structured, shaping);
  return { ...gated, execute: gatedExecute };
}

/**
 * What the gate reads for a `CallToolResult` the client returned: the value itself (written as JSON by the gate
 * input), or, for an `isError` result, its JSON in an envelope that says the tool failed.
 */
function rawResult(result: unknown): unknown {
  const failed =
    typeof result === 'object' && result !== null && (result as { isError?: unknown }).isError === true;
  if (!failed) return result;
  const body = toGateInput(result);
  return typeof body === 'string' ? { body, toolError: true } : body;
}

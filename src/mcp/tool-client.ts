// The MCP adapter (client side): tools listed and pinned through the registry, every result through the gate.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  CallToolResultSchema,
  ListToolsResultSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { RequestContext } from '../bind/rules.js';
import { projectMetadataOnly } from '../calls/metadata-only.js';
import { statusOrClosed, type ReviewVerdict, type ToolRegistry } from '../calls/registry.js';
import { unavailableOutcome } from '../calls/unavailable.js';
import type { Gate } from '../gate/create-gate.js';
import type { ToolDefinition } from '../contract/define-tool.js';
import type { ToolOutcome } from '../vocabulary/outcome.js';
import type { JsonValue } from '../json/types.js';
import type { RawInput } from '../read/input.js';
import { checkSource } from '../taint/source.js';
import type { BoundedTransport } from './bounded-transport.js';
import { failureInput } from './failure-input.js';
import { createOutputContracts, TEXT_ONLY_VERSION } from './output-contract.js';
import {
  DEFAULT_TEXT_BLOCK_LIMITS,
  takeTextBlocks,
  type TextBlockLimits,
  type TextBlocks,
} from './text-blocks.js';

/** Options of {@link createMcpToolClient}. */
export interface McpToolClientOptions {
  /** A connected SDK client. */
  readonly client: Client;
  readonly gate: Gate;
  readonly registry: ToolRegistry;
  /** The bounded transport the client is connected through; lets an oversized reply end as `result_too_large`. */
  readonly transport?: BoundedTransport;
  /** The client-pinned result contract of each tool (checked against `structuredContent`). */
  readonly contracts?: Readonly<Record<string, ToolDefinition<unknown>>>;
  /** The untrusted-source label of this server's prose, such as `mcp.tickets`. */
  readonly source: string;
  readonly textLimits?: Partial<TextBlockLimits>;
  /** Time allowed for one request, in milliseconds (default 30 s). */
  readonly requestTimeoutMs?: number;
  /** Most tools one listing reviews (default 256). */
  readonly maxTools?: number;
}

/** One call's result: the gate's outcome, and the result's text blocks as untrusted prose (only on success). */
export interface McpToolResult extends TextBlocks {
  readonly outcome: ToolOutcome<unknown>;
  /** `metadata-only` when the tool's state cut the outcome down (no prose is returned then). */
  readonly projection: 'complete' | 'metadata-only';
}

/** The adapter. */
export interface McpToolClient {
  /** Lists the server's tools and reviews each definition against the registry's pins. */
  listTools(): Promise<readonly ReviewVerdict[]>;
  /** Calls a tool whose current definition is approved and that is not offline. Never throws on content. */
  callTool(
    name: string,
    args: JsonValue,
    context: RequestContext,
    options?: { readonly signal?: AbortSignal },
  ): Promise<McpToolResult>;
}

const NO_TEXT: TextBlocks = Object.freeze({
  text: Object.freeze([]),
  omitted: 0,
  findings: Object.freeze([]),
});
const MAX_PAGES = 16;

/**
 * Wraps an SDK client's `tools/list` and `tools/call`. Calls go through `client.request` with the result schema
 * rather than `client.callTool`, because `callTool` validates `structuredContent` against whatever
 * `outputSchema` the server last listed, with the SDK's own lax validator: here only a client-pinned contract,
 * or a server schema the registry approved, is ever used. For each call: the serialized result must fit the
 * contract's read ceiling (`result_too_large`); `isError: true` is a typed failure whatever the body looks like
 * (`upstream_error`, no prose passed on); `structuredContent` passes the whole gate; text blocks are bounded,
 * cleaned and returned as `Untrusted<string>`. Throws a TypeError on a pinned contract whose read ceiling is
 * above the transport's.
 */
export function createMcpToolClient(options: McpToolClientOptions): McpToolClient {
  checkSource(options.source);
  const { client, gate, registry, transport } = options;
  const contracts = createOutputContracts(options.contracts);
  const limits: TextBlockLimits = { ...DEFAULT_TEXT_BLOCK_LIMITS, ...options.textLimits };
  const timeout = options.requestTimeoutMs ?? 30_000;
  const maxTools = options.maxTools ?? 256;
  for (const contract of Object.values(options.contracts ?? {})) {
    if (transport !== undefined && contract.limits.read.maxRawBytes > transport.maxMessageBytes) {
      throw new TypeError(`Contract "${contract.name}" allows more bytes than the transport ceiling.`);
    }
  }

  return Object.freeze({
    async listTools(): Promise<readonly ReviewVerdict[]> {
      const verdicts: ReviewVerdict[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < MAX_PAGES && verdicts.length < maxTools; page++) {
        const params = cursor === undefined ? {} : { cursor };
        const listed = await client.request({ method: 'tools/list', params }, ListToolsResultSchema, {
          timeout,
        });
        for (const tool of listed.tools.slice(0, maxTools - verdicts.length))
          verdicts.push(await registry.review(tool));
        cursor = listed.nextCursor;
        if (cursor === undefined) break;
      }
      return verdicts;
    },

    async callTool(
      name: string,
      args: JsonValue,
      context: RequestContext,
      callOptions: { readonly signal?: AbortSignal } = {},
    ): Promise<McpToolResult> {
      const status = await statusOrClosed(registry, name);
      if (!status.approved || status.state === 'offline') {
        const outcome = unavailableOutcome(name, TEXT_ONLY_VERSION, context.requestId);
        return { outcome, projection: 'complete', ...NO_TEXT };
      }
      const contract = contracts.resolve(name, status);
      const signal = callOptions.signal;
      let raw: RawInput;
      let result: CallToolResult | undefined;
      try {
        const request = {
          method: 'tools/call' as const,
          params: { name, arguments: args as Record<string, unknown> },
        };
        result = await client.request(request, CallToolResultSchema, {
          timeout,
          ...(signal === undefined ? {} : { signal }),
        });
        raw = resultInput(result, contract);
      } catch (error: unknown) {
        raw = failureInput(error, transport);
      }
      const accepted = await gate.accept(contract, raw, context, signal === undefined ? {} : { signal });
      if (status.state === 'metadata-only')
        return { outcome: projectMetadataOnly(accepted), projection: 'metadata-only', ...NO_TEXT };
      const prose =
        accepted.ok && result !== undefined
          ? takeTextBlocks(result.content, options.source, limits)
          : NO_TEXT;
      return { outcome: accepted, projection: 'complete', ...prose };
    },
  });
}

/**
 * The gate's input for a result the SDK returned. The SDK has parsed the message already, so the result is
 * serialized again and measured against the contract's read ceiling before anything looks inside it.
 */
function resultInput(result: CallToolResult, contract: ToolDefinition<unknown>): RawInput {
  const serialized = JSON.stringify(result);
  if (Buffer.byteLength(serialized, 'utf8') > contract.limits.read.maxRawBytes) return serialized;
  if (result.isError === true) return { body: serialized, toolError: true, contentType: 'application/json' };
  if (contract.version === TEXT_ONLY_VERSION) return { body: 'null', contentType: 'application/json' };
  const body = result.structuredContent === undefined ? '' : JSON.stringify(result.structuredContent);
  return { body, contentType: 'application/json' };
}

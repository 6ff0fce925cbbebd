// Every tool definition an AI SDK MCP client lists, page by page, each page under a deadline; a failure is a code.
import { McpListError } from '../../mcp/list-tools.js';
import { settleWithin } from '../../vocabulary/settle-within.js';

/** One page of `tools/list` as an AI SDK MCP client returns it (`@ai-sdk/mcp` 1.x and 2.x). */
export interface McpListing {
  readonly tools: readonly unknown[];
  readonly nextCursor?: string | undefined;
}

/** The part of an `@ai-sdk/mcp` client (`createMCPClient(…)`) the wrapper uses, in both major versions. */
export interface AiMcpClient<L extends McpListing = McpListing, S = unknown> {
  /** One page of the server's tool definitions. */
  listTools(options?: {
    readonly params?: { readonly cursor?: string };
    readonly options?: { readonly signal?: AbortSignal };
  }): PromiseLike<L>;
  /** AI SDK tools for definitions already listed (no second listing, so no other definitions). */
  toolsFromDefinitions(definitions: L): S;
}

/** Bounds of one listing. */
export interface ListBounds {
  /** Deadline of each page. */
  readonly timeoutMs: number;
  /** Most definitions taken; later ones are left out. */
  readonly maxTools: number;
}

/** Most pages read: a server that keeps sending cursors cannot hold the listing. */
const MAX_PAGES = 16;

/** Longest cursor passed back to the server. */
const MAX_CURSOR = 1024;

/**
 * Lists the client's tools: at most 16 pages and `maxTools` definitions, each page within `timeoutMs`. Resolves to
 * the last page with every listed definition in `tools`, as `toolsFromDefinitions` takes it. Rejects with
 * {@link McpListError} (`timeout`, `upstream_error` when the client failed, `invalid_json` for a page that is not
 * a listing), never with the server's words.
 */
export async function listAllDefinitions<L extends McpListing>(
  client: AiMcpClient<L>,
  bounds: ListBounds,
): Promise<L> {
  const tools: unknown[] = [];
  let cursor: string | undefined;
  let last: L | undefined;
  for (let page = 0; page < MAX_PAGES && tools.length < bounds.maxTools; page++) {
    const deadline = AbortSignal.timeout(bounds.timeoutMs);
    const params = cursor === undefined ? {} : { params: { cursor } };
    const listed = await settleWithin(() => client.listTools({ ...params, options: { signal: deadline } }), {
      timeoutMs: bounds.timeoutMs,
    });
    if (listed.kind === 'timeout' || listed.kind === 'aborted') throw new McpListError('timeout');
    if (listed.kind === 'error') throw new McpListError('upstream_error');
    const page: unknown = listed.value;
    if (!isListing(page)) throw new McpListError('invalid_json');
    last = listed.value;
    tools.push(...page.tools.slice(0, bounds.maxTools - tools.length));
    const next = page.nextCursor;
    cursor = typeof next === 'string' && next.length <= MAX_CURSOR ? next : undefined;
    if (cursor === undefined) break;
  }
  return { ...(last as L), tools };
}

/** A value with a `tools` array, as every listing page has. */
function isListing(
  value: unknown,
): value is { readonly tools: readonly unknown[]; readonly nextCursor?: unknown } {
  return typeof value === 'object' && value !== null && Array.isArray((value as { tools?: unknown }).tools);
}

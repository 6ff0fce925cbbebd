// tools/list through the bounded side channel: every page strictly parsed, every definition reviewed against its pin.
import { within } from './deadline.js';
import type { ReviewVerdict, ToolRegistry } from '../calls/registry.js';
import { sealDefinition } from '../calls/tool-definition.js';
import { parseJson } from '../json/parse.js';
import { DEFAULT_LIMITS } from '../vocabulary/limits.js';
import type { McpContractStatus, OutputContracts } from './output-contract.js';
import type { AirlockTransport, WireReply } from './wire/types.js';

/** The registry's verdict on one listed tool, and the contract its results would be checked against. */
export type McpToolReview = ReviewVerdict & { readonly contract?: McpContractStatus };

/** Why a listing could not be read. */
export type McpListErrorCode = 'timeout' | 'result_too_large' | 'upstream_error' | 'invalid_json';

/** A listing that failed: a code, never the server's text. */
export class McpListError extends Error {
  override readonly name = 'McpListError';

  constructor(readonly code: McpListErrorCode) {
    super(`tools/list failed: ${code}`);
  }
}

/** What one listing may take. */
export interface ListOptions {
  readonly timeoutMs: number;
  readonly maxTools: number;
  readonly maxBytes: number;
  readonly signal?: AbortSignal | undefined;
}

const MAX_PAGES = 16;
const FAILURES: Readonly<Record<Exclude<WireReply['kind'], 'result'>, McpListErrorCode>> = Object.freeze({
  error: 'upstream_error',
  too_large: 'result_too_large',
  timeout: 'timeout',
  aborted: 'timeout',
  failed: 'upstream_error',
});

/**
 * Lists the server's tools page by page (at most 16 pages and `maxTools` tools), each page under the
 * transport's ceiling and the strict JSON parser, and reviews each definition: a changed one is
 * quarantined. Rejects with {@link McpListError} when a page cannot be read.
 */
export async function listAllTools(
  transport: AirlockTransport,
  registry: ToolRegistry,
  contracts: OutputContracts,
  options: ListOptions,
): Promise<McpToolReview[]> {
  const reviews: McpToolReview[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES && reviews.length < options.maxTools; page++) {
    const params = cursor === undefined ? {} : { cursor };
    const reply = await transport.exchange('tools/list', params, options);
    if (reply.kind !== 'result' || reply.isError)
      throw new McpListError(reply.kind === 'result' ? 'upstream_error' : FAILURES[reply.kind]);
    const listed = readPageOnce(transport, params.cursor ?? '', reply.bytes, options.maxBytes);
    for (const tool of listed.tools.slice(0, options.maxTools - reviews.length)) {
      const verdict = await within(() => registry.review(tool), options.timeoutMs, options.signal, undefined);
      if (verdict === undefined) throw new McpListError('timeout');
      const contract = contracts.describe(tool);
      reviews.push(contract === undefined ? verdict : { ...verdict, contract });
    }
    cursor = listed.nextCursor;
    if (cursor === undefined) break;
  }
  return reviews;
}

/** A listing page as read: its tools (sealed) and the cursor of the next one. */
interface Page {
  readonly tools: readonly unknown[];
  readonly nextCursor?: string;
}

/** The last page read at each cursor of a transport, with its bytes. */
type LastPages = Map<string, { readonly bytes: Buffer; readonly page: Page }>;
const LAST_PAGES = new WeakMap<AirlockTransport, LastPages>();

/**
 * The page in `bytes`: the one read last time at this cursor when the bytes are the same (a server answers a
 * listing repeated before every call with the same bytes), so the tools are parsed and hashed once.
 */
function readPageOnce(
  transport: AirlockTransport,
  cursor: string,
  bytes: Uint8Array,
  maxBytes: number,
): Page {
  const pages: LastPages = LAST_PAGES.get(transport) ?? (new Map() as LastPages);
  LAST_PAGES.set(transport, pages);
  const wire = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const last = pages.get(cursor);
  if (last?.bytes.equals(wire) === true) return last.page;
  const page = readPage(bytes, maxBytes);
  for (const tool of page.tools) if (typeof tool === 'object' && tool !== null) sealDefinition(tool);
  if (pages.size >= MAX_PAGES) pages.clear();
  pages.set(cursor, { bytes: Buffer.from(wire), page });
  return page;
}

function readPage(bytes: Uint8Array, maxBytes: number): Page {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new McpListError('invalid_json');
  }
  const parsed = parseJson(text, { ...DEFAULT_LIMITS.parse, maxStringLength: maxBytes });
  const value = parsed.ok ? parsed.value : undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !Array.isArray(value.tools)) {
    throw new McpListError('invalid_json');
  }
  const next = value.nextCursor;
  return typeof next === 'string' && next.length <= 1024
    ? { tools: value.tools, nextCursor: next }
    : { tools: value.tools };
}

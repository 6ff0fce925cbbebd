// One HTTP exchange of a Streamable HTTP connection: the request with its headers and deadline, its reply read as frames.
import { readBounded } from './bounded-body.js';
import { setMessageHeaders } from './http-headers.js';
import type { JsonRpcMessage, WireId } from './json-rpc.js';
import { SseDecoder } from './sse-decoder.js';
import { AIRLOCK_ID_PREFIX, HTTP_REFUSED_CODE, type Frame } from './types.js';

/** The state of one connection, shared by its exchanges. */
export interface Session {
  readonly url: URL;
  readonly fetch: typeof fetch;
  /** The caller's own headers (for example `authorization`). */
  readonly headers: Readonly<Record<string, string>>;
  /** Longest any one exchange may take, in ms. */
  readonly timeoutMs: number;
  readonly max: number;
  readonly headBytes: number;
  readonly closing: AbortController;
  sessionId: string | undefined;
  protocolVersion: string | undefined;
  deliver: (frame: Frame) => void;
  failed: (error: Error) => void;
}

/** One request of the session. */
export interface Exchange {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly accept?: string;
  /** The message POSTed (its envelope and extra headers shape the request's headers). */
  readonly message?: JsonRpcMessage;
  readonly extraHeaders?: Readonly<Record<string, string>> | undefined;
  /** Ends this exchange early (the SDK's `requestSignal`). */
  readonly signal?: AbortSignal | undefined;
  /** A subscription: the deadline bounds only the wait for its response, not the stream that follows. */
  readonly lasting?: boolean;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: false });

/**
 * Sends one request under the close signal, the exchange's own signal and the deadline, with the session
 * id (never on `initialize`, which asks for a new session) and the negotiated revision, then the headers
 * the message asks for (see `setMessageHeaders`).
 */
export async function request(session: Session, exchange: Exchange): Promise<Response> {
  const headers = new Headers(session.headers);
  const initialize = exchange.message?.method === 'initialize';
  if (session.sessionId !== undefined && !initialize) headers.set('mcp-session-id', session.sessionId);
  if (session.protocolVersion !== undefined) headers.set('mcp-protocol-version', session.protocolVersion);
  if (exchange.accept !== undefined) headers.set('accept', exchange.accept);
  const body = exchange.message === undefined ? undefined : JSON.stringify(exchange.message);
  if (exchange.message !== undefined) {
    headers.set('content-type', 'application/json');
    setMessageHeaders(headers, exchange.message, exchange.extraHeaders);
  }
  const timeout = AbortSignal.timeout(session.timeoutMs);
  const own = exchange.signal === undefined ? [] : [exchange.signal];
  const opening = new AbortController();
  const expire = (): void => {
    opening.abort(timeout.reason);
  };
  if (exchange.lasting === true) timeout.addEventListener('abort', expire, { once: true });
  const deadline = exchange.lasting === true ? opening.signal : timeout;
  const signal = AbortSignal.any([session.closing.signal, deadline, ...own]);
  try {
    return await session.fetch(session.url, {
      method: exchange.method,
      headers,
      signal,
      ...(body === undefined ? {} : { body }),
    });
  } finally {
    timeout.removeEventListener('abort', expire);
  }
}

/**
 * Reads a reply body into frames: JSON (one message, read under the ceiling) or an event stream (each event
 * bounded). `replyTo` is the request the POST carried. Resolves with which it was once the body has ended.
 */
export async function consume(
  session: Session,
  response: Response,
  replyTo: WireId | undefined,
): Promise<'stream' | 'body'> {
  const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  const body = response.body;
  if (body === null) return 'body';
  if (type === 'text/event-stream') {
    const events = new SseDecoder(session.max, session.headBytes, replyTo);
    const reader = body.getReader();
    for (let step = await reader.read(); !step.done; step = await reader.read())
      events.push(step.value, session.deliver);
    return 'stream';
  }
  if (type !== 'application/json') {
    await body.cancel();
    throw new Error('The MCP endpoint replied with a content type that is neither JSON nor an event stream.');
  }
  const read = await readBounded(body, session.max, session.headBytes);
  if (read.kind === 'complete') {
    session.deliver({ kind: 'message', bytes: read.bytes });
    return 'body';
  }
  const over = { kind: 'oversized' as const, head: read.head, tail: new Uint8Array(0), total: read.total };
  session.deliver(replyTo === undefined ? over : { ...over, replyTo });
  return 'body';
}

/**
 * A POST the endpoint answered with an error status. A JSON-RPC error for the same request in the body (a
 * 2026-07-28 server rejecting a request's headers) is delivered as its reply. Otherwise the SDK's request
 * gets an error reply carrying the body's JSON-RPC error, or {@link HTTP_REFUSED_CODE} with the status (so
 * a `Client` probing for the 2026-07-28 protocol falls back as it does over its own transport), and the
 * adapter's request, or a notification, fails to send.
 */
export async function refused(session: Session, response: Response, message: JsonRpcMessage): Promise<void> {
  const status = response.status;
  const read =
    response.body === null ? undefined : await readBounded(response.body, session.max, session.headBytes);
  const id = message.id;
  const failure = new Error(`The MCP endpoint answered a POST with status ${String(status)}.`);
  if (id === undefined || id === null || message.method === undefined) throw failure;
  const bytes = read?.kind === 'complete' ? read.bytes : undefined;
  const found = bytes === undefined ? undefined : errorIn(bytes);
  if (bytes !== undefined && found?.id === id) {
    session.deliver({ kind: 'message', bytes });
    return;
  }
  if (typeof id === 'string' && id.startsWith(AIRLOCK_ID_PREFIX)) throw failure;
  const error = found?.error ?? { code: HTTP_REFUSED_CODE, message: failure.message, data: { status } };
  const reply: JsonRpcMessage = { jsonrpc: '2.0', id, error };
  session.deliver({ kind: 'message', bytes: encoder.encode(JSON.stringify(reply)), parsed: reply });
}

/** The JSON-RPC error a body holds, with the id it names; `undefined` when the body is not one. */
function errorIn(
  bytes: Uint8Array,
): { readonly id: unknown; readonly error: NonNullable<JsonRpcMessage['error']> } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(decoder.decode(bytes));
  } catch {
    return undefined;
  }
  const { id, error } = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message, data } = error as Record<string, unknown>;
  if (typeof code !== 'number' || typeof message !== 'string') return undefined;
  return { id, error: data === undefined ? { code, message } : { code, message, data } };
}

// An MCP server over Streamable HTTP: each message a POST, replies as JSON or an event stream, read under the ceiling.
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { createChannel } from './channel.js';
import { readBounded } from './bounded-body.js';
import { SseDecoder } from './sse-decoder.js';
import { HEAD_SLACK_BYTES } from './stdio-link.js';
import {
  checkCeiling,
  DEFAULT_MAX_MESSAGE_BYTES,
  type AirlockTransport,
  type Frame,
  type Link,
  type WireId,
} from './types.js';

/** Options of {@link streamableHttpTransport}. */
export interface StreamableHttpTransportOptions {
  /** The server's MCP endpoint. */
  readonly url: string | URL;
  /** Extra request headers (for example `authorization`). */
  readonly headers?: Readonly<Record<string, string>>;
  /** The fetch to use (for example one that applies an egress policy). Default: the global `fetch`. */
  readonly fetch?: typeof fetch;
  /** Ceiling on one received message, in bytes. Default 4 MiB. */
  readonly maxMessageBytes?: number;
  /** Longest any one HTTP exchange (a POST and its reply stream) may take, in ms. Default 5 minutes. */
  readonly requestTimeoutMs?: number;
}

/** How long the server-to-client stream waits before it is opened again after it ends. */
const RECONNECT_MS = 1000;
/** Consecutive failures after which the server-to-client stream is given up. */
const MAX_RECONNECTS = 5;

/**
 * Speaks Streamable HTTP to an MCP server: every message is POSTed; a reply comes back as one JSON body or as
 * a stream of server-sent events; after initialization a GET stream carries what the server sends on its
 * own (list-change notifications). Every body is read by this transport under `maxMessageBytes` (an
 * oversized reply ends its request as too large and is cancelled unread); the session id and protocol
 * version headers are kept; `close` ends the session with DELETE. Connect an SDK `Client` to it as to any
 * transport.
 */
export function streamableHttpTransport(options: StreamableHttpTransportOptions): AirlockTransport {
  const max = checkCeiling(options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES);
  return createChannel(httpLink(options, max), max);
}

/** The state of one HTTP session, shared by its requests. */
interface Session {
  readonly options: StreamableHttpTransportOptions;
  readonly url: URL;
  readonly max: number;
  readonly headBytes: number;
  readonly closing: AbortController;
  sessionId: string | undefined;
  protocolVersion: string | undefined;
  deliver: (frame: Frame) => void;
  failed: (error: Error) => void;
}

function httpLink(options: StreamableHttpTransportOptions, max: number): Link {
  const session: Session = {
    options,
    url: new URL(options.url),
    max,
    headBytes: max + 1 + HEAD_SLACK_BYTES,
    closing: new AbortController(),
    sessionId: undefined,
    protocolVersion: undefined,
    deliver: () => undefined,
    failed: () => undefined,
  };
  let listening = false;
  return {
    start(onFrame, _closed, onFailure) {
      session.deliver = onFrame;
      session.failed = onFailure;
      return Promise.resolve();
    },
    async send(message: JSONRPCMessage) {
      const response = await request(
        session,
        'POST',
        'application/json, text/event-stream',
        JSON.stringify(message),
      );
      session.sessionId = response.headers.get('mcp-session-id') ?? session.sessionId;
      if (!response.ok) {
        await response.body?.cancel();
        throw new Error(`The MCP endpoint answered a POST with status ${String(response.status)}.`);
      }
      if (response.status === 202) {
        await response.body?.cancel();
        if ((message as { method?: unknown }).method === 'notifications/initialized' && !listening) {
          listening = true;
          void listen(session);
        }
        return;
      }
      consume(session, response, (message as { id?: WireId }).id).catch((error: unknown) => {
        if (!session.closing.signal.aborted)
          session.failed(error instanceof Error ? error : new Error('Reply stream failed'));
      });
    },
    async close() {
      session.closing.abort();
      if (session.sessionId === undefined) return;
      const headers: Record<string, string> = { ...options.headers, 'mcp-session-id': session.sessionId };
      await (options.fetch ?? fetch)(session.url, {
        method: 'DELETE',
        headers,
        signal: AbortSignal.timeout(2000),
      })
        .then((response) => response.body?.cancel())
        .catch(() => undefined);
    },
    get sessionId() {
      return session.sessionId;
    },
    setProtocolVersion(version: string) {
      session.protocolVersion = version;
    },
  };
}

/** One HTTP request of the session, with its headers, under the close signal and the per-exchange deadline. */
function request(session: Session, method: string, accept: string, body?: string): Promise<Response> {
  const headers: Record<string, string> = { ...session.options.headers, accept };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (session.sessionId !== undefined) headers['mcp-session-id'] = session.sessionId;
  if (session.protocolVersion !== undefined) headers['mcp-protocol-version'] = session.protocolVersion;
  const timeout = AbortSignal.timeout(session.options.requestTimeoutMs ?? 300_000);
  const signal = AbortSignal.any([session.closing.signal, timeout]);
  return (session.options.fetch ?? fetch)(session.url, {
    method,
    headers,
    signal,
    ...(body === undefined ? {} : { body }),
  });
}

/** Reads a reply body, JSON or an event stream, into frames; `replyTo` is the request a POST carried. */
async function consume(session: Session, response: Response, replyTo: WireId | undefined): Promise<void> {
  const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  const body = response.body;
  if (body === null) return;
  if (type === 'text/event-stream') {
    const decoder = new SseDecoder(session.max, session.headBytes, replyTo);
    const reader = body.getReader();
    for (let step = await reader.read(); !step.done; step = await reader.read())
      decoder.push(step.value, session.deliver);
    return;
  }
  if (type !== 'application/json') {
    await body.cancel();
    throw new Error('The MCP endpoint replied with a content type that is neither JSON nor an event stream.');
  }
  const read = await readBounded(body, session.max, session.headBytes);
  if (read.kind === 'complete') {
    session.deliver({ kind: 'message', bytes: read.bytes });
    return;
  }
  const over = { kind: 'oversized' as const, head: read.head, tail: new Uint8Array(0), total: read.total };
  session.deliver(replyTo === undefined ? over : { ...over, replyTo });
}

/** Keeps the server-to-client GET stream open while the session lasts (405: the server offers none). */
async function listen(session: Session): Promise<void> {
  const closed = (): boolean => session.closing.signal.aborted;
  for (let failures = 0; failures < MAX_RECONNECTS && !closed();) {
    try {
      const response = await request(session, 'GET', 'text/event-stream');
      if (response.status === 405) {
        await response.body?.cancel();
        return;
      }
      if (!response.ok) throw new Error(`GET stream refused with status ${String(response.status)}.`);
      failures = 0;
      await consume(session, response, undefined);
    } catch (error) {
      if (closed()) return;
      failures++;
      if (failures >= MAX_RECONNECTS)
        session.failed(error instanceof Error ? error : new Error('GET stream failed'));
    }
    await pause(RECONNECT_MS, session.closing.signal);
  }
}

/** Waits `ms`, or less when `signal` fires. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

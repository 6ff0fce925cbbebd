// An MCP server over Streamable HTTP: each message a POST, replies as JSON or an event stream, read under the ceiling.
import { createChannel } from './channel.js';
import { consume, refused, request, type Session } from './http-exchange.js';
import { keepGetStream } from './http-get-stream.js';
import type { JsonRpcMessage, SendOptions } from './json-rpc.js';
import { HEAD_SLACK_BYTES } from './stdio-link.js';
import { checkCeiling, DEFAULT_MAX_MESSAGE_BYTES, type AirlockTransport, type Link } from './types.js';

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
  /**
   * Longest any one HTTP exchange (a POST and its reply stream) may take, in ms. Default 5 minutes. A
   * subscription (`subscriptions/listen`, 2026-07-28) is held open until it is ended: the deadline bounds
   * only the wait for its response.
   */
  readonly requestTimeoutMs?: number;
}

const ACCEPT = 'application/json, text/event-stream';

/**
 * Speaks Streamable HTTP to an MCP server: every message is POSTed; a reply comes back as one JSON body or as
 * a stream of server-sent events; after a 2025-era initialization a GET stream carries what the server sends
 * on its own (list-change notifications). Every body is read by this transport under `maxMessageBytes` (an
 * oversized reply ends its request as too large and is cancelled unread); the session id a server assigns
 * in answer to `initialize` is kept, and `close` ends that session with DELETE. From protocol revision
 * 2026-07-28 on (sessionless), a request carries the `MCP-Protocol-Version`, `Mcp-Method` and `Mcp-Name`
 * headers its envelope implies, and ending its exchange cancels it. Connect an SDK `Client` (1.x or 2.x) to
 * it as to any transport.
 */
export function streamableHttpTransport(options: StreamableHttpTransportOptions): AirlockTransport {
  const max = checkCeiling(options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES);
  return createChannel(httpLink(options, max), max);
}

function httpLink(options: StreamableHttpTransportOptions, max: number): Link {
  const session: Session = {
    url: new URL(options.url),
    fetch: options.fetch ?? fetch,
    headers: options.headers ?? {},
    timeoutMs: options.requestTimeoutMs ?? 300_000,
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
    perRequest: true,
    start(onFrame, _closed, onFailure) {
      session.deliver = onFrame;
      session.failed = onFailure;
      return Promise.resolve();
    },
    async send(message: JsonRpcMessage, sendOptions: SendOptions = {}) {
      const response = await request(session, {
        method: 'POST',
        accept: ACCEPT,
        message,
        extraHeaders: sendOptions.headers,
        signal: sendOptions.requestSignal,
        lasting: message.method === 'subscriptions/listen',
      });
      if (message.method === 'initialize' && response.ok)
        session.sessionId = response.headers.get('mcp-session-id') ?? undefined;
      if (!response.ok) {
        await refused(session, response, message);
        return;
      }
      if (response.status === 202) {
        await response.body?.cancel();
        if (message.method === 'notifications/initialized' && !listening) {
          listening = true;
          void keepGetStream(session);
        }
        return;
      }
      read(session, response, message, sendOptions);
    },
    async close() {
      session.closing.abort();
      if (session.sessionId === undefined) return;
      const headers = { ...options.headers, 'mcp-session-id': session.sessionId };
      await session
        .fetch(session.url, { method: 'DELETE', headers, signal: AbortSignal.timeout(2000) })
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

/**
 * Reads a POST's reply in the background. A stream that ends or fails other than by the caller's signal or
 * the transport's close calls the sender's `onRequestStreamEnd` (a subscription learns it is over); a
 * failure is reported.
 */
function read(session: Session, response: Response, message: JsonRpcMessage, options: SendOptions): void {
  const meant = (): boolean => session.closing.signal.aborted || options.requestSignal?.aborted === true;
  const replyTo = message.id ?? undefined;
  consume(session, response, replyTo).then(
    (kind) => {
      if (kind === 'stream' && !meant()) options.onRequestStreamEnd?.();
    },
    (error: unknown) => {
      if (meant()) return;
      session.failed(error instanceof Error ? error : new Error('Reply stream failed'));
      options.onRequestStreamEnd?.();
    },
  );
}

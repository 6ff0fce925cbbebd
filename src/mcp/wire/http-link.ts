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

function httpLink(options: StreamableHttpTransportOptions, max: number): Link {
  const url = new URL(options.url);
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.requestTimeoutMs ?? 300_000;
  const headBytes = max + 1 + HEAD_SLACK_BYTES;
  const closing = new AbortController();
  let sessionId: string | undefined;
  let protocolVersion: string | undefined;
  let deliver: (frame: Frame) => void = () => undefined;
  let failed: (error: Error) => void = () => undefined;
  let listening = false;

  const request = (method: string, accept: string, body?: string): Promise<Response> => {
    const headers: Record<string, string> = { ...options.headers, accept };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (sessionId !== undefined) headers['mcp-session-id'] = sessionId;
    if (protocolVersion !== undefined) headers['mcp-protocol-version'] = protocolVersion;
    const signal = AbortSignal.any([closing.signal, AbortSignal.timeout(timeoutMs)]);
    return fetchImpl(url, { method, headers, signal, ...(body === undefined ? {} : { body }) });
  };

  const consume = async (response: Response, replyTo: WireId | undefined): Promise<void> => {
    const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
    const body = response.body;
    if (body === null) return;
    if (type === 'text/event-stream') {
      const decoder = new SseDecoder(max, headBytes, replyTo);
      const reader = body.getReader();
      for (let step = await reader.read(); !step.done; step = await reader.read())
        decoder.push(step.value, deliver);
      return;
    }
    if (type !== 'application/json') {
      await body.cancel();
      throw new Error(`Unexpected content type ${type ?? ''} from the MCP endpoint.`);
    }
    const read = await readBounded(body, max, headBytes);
    if (read.kind === 'complete') deliver({ kind: 'message', bytes: read.bytes });
    else
      deliver({
        kind: 'oversized',
        head: read.head,
        tail: new Uint8Array(0),
        total: read.total,
        ...(replyTo === undefined ? {} : { replyTo }),
      });
  };

  const listen = async (): Promise<void> => {
    for (let failures = 0; failures < MAX_RECONNECTS && !closing.signal.aborted;) {
      try {
        const response = await request('GET', 'text/event-stream');
        if (response.status === 405) return void (await response.body?.cancel());
        if (!response.ok) throw new Error(`GET stream refused with status ${String(response.status)}.`);
        failures = 0;
        await consume(response, undefined);
      } catch (error) {
        if (closing.signal.aborted) return;
        failures++;
        if (failures >= MAX_RECONNECTS)
          failed(error instanceof Error ? error : new Error('GET stream failed'));
      }
      await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
    }
  };

  return {
    start(onFrame, _closed, onFailure) {
      deliver = onFrame;
      failed = onFailure;
      return Promise.resolve();
    },
    async send(message: JSONRPCMessage) {
      const response = await request('POST', 'application/json, text/event-stream', JSON.stringify(message));
      sessionId = response.headers.get('mcp-session-id') ?? sessionId;
      if (!response.ok) {
        await response.body?.cancel();
        throw new Error(`The MCP endpoint answered a POST with status ${String(response.status)}.`);
      }
      const method = (message as { method?: unknown }).method;
      if (response.status === 202) {
        await response.body?.cancel();
        if (method === 'notifications/initialized' && !listening) {
          listening = true;
          void listen();
        }
        return;
      }
      const id = (message as { id?: WireId }).id;
      void consume(response, id).catch((error: unknown) => {
        if (!closing.signal.aborted)
          failed(error instanceof Error ? error : new Error('Reply stream failed'));
      });
    },
    async close() {
      closing.abort();
      if (sessionId === undefined) return;
      const headers: Record<string, string> = { ...options.headers, 'mcp-session-id': sessionId };
      await fetchImpl(url, { method: 'DELETE', headers, signal: AbortSignal.timeout(2000) })
        .then((response) => response.body?.cancel())
        .catch(() => undefined);
    },
    get sessionId() {
      return sessionId;
    },
    setProtocolVersion(version: string) {
      protocolVersion = version;
    },
  };
}

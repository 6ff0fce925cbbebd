// The transport core: routes framed messages to the SDK or to the adapter's own requests, raw bytes kept for the latter.
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { routeOversized } from './oversized.js';
import { idOf, memberNamed, scanObject, type ScannedObject } from './member-scan.js';
import {
  AIRLOCK_ID_PREFIX,
  RESULT_TOO_LARGE_CODE,
  type AirlockTransport,
  type ExchangeOptions,
  type Frame,
  type Link,
  type WireReply,
} from './types.js';

const LIST_CHANGED = 'notifications/tools/list_changed';
const decoder = new TextDecoder('utf-8', { fatal: false });

interface Pending {
  settle(reply: WireReply): void;
}

/**
 * Builds the transport over a link. Incoming messages are scanned (not parsed) for their `id`: a reply to an
 * `airlock:` request settles that request with the exact bytes of its `result` or `error` member and is
 * never shown to the SDK; a late one is dropped. Everything else is parsed and handed to the SDK, after
 * `notifications/tools/list_changed` has been told to the adapter's listeners. An oversized message never
 * reaches the SDK: see `routeOversized`.
 */
export function createChannel(link: Link, maxMessageBytes: number): AirlockTransport {
  const pending = new Map<string, Pending>();
  const listeners = new Set<() => void>();
  let state: 'new' | 'open' | 'closed' = 'new';
  let counter = 0;

  const transport: AirlockTransport = {
    maxMessageBytes,
    async start() {
      if (state !== 'new') throw new Error('This transport was already started.');
      state = 'open';
      const receive = receiver(transport, pending, listeners);
      await link.start(receive, closed, (error) => transport.onerror?.(error));
    },
    send: (message: JSONRPCMessage) => link.send(message),
    async close() {
      if (state === 'closed') return;
      await link.close();
      closed();
    },
    get sessionId() {
      // Absent until a server assigns one; the SDK reads it as optional.
      return link.sessionId as string;
    },
    setProtocolVersion(version: string) {
      link.setProtocolVersion?.(version);
    },
    exchange(method, params, options) {
      if (state !== 'open') return Promise.resolve({ kind: 'failed' });
      const request = {
        jsonrpc: '2.0' as const,
        id: `${AIRLOCK_ID_PREFIX}${String(++counter)}`,
        method,
        params,
      };
      return awaitReply(link, pending, request, options);
    },
    onToolsChanged(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };

  function closed(): void {
    if (state === 'closed') return;
    state = 'closed';
    for (const request of [...pending.values()]) request.settle({ kind: 'failed' });
    transport.onclose?.();
  }

  return transport;
}

/** Sends the adapter's request and resolves with its reply, or when the deadline or the caller's signal ends it. */
function awaitReply(
  link: Link,
  pending: Map<string, Pending>,
  request: { readonly jsonrpc: '2.0'; readonly id: string; readonly method: string; readonly params: object },
  options: ExchangeOptions,
): Promise<WireReply> {
  const { id } = request;
  return new Promise<WireReply>((resolve) => {
    const stop = watch(options, (reply) => {
      if (!pending.has(id)) return;
      settle(reply);
      link.send(cancelled(id, reply.kind)).catch(() => undefined);
    });
    const settle = (reply: WireReply): void => {
      if (!pending.delete(id)) return;
      stop();
      resolve(reply);
    };
    pending.set(id, { settle });
    if (options.signal?.aborted === true) {
      settle({ kind: 'aborted' });
      return;
    }
    link.send(request as JSONRPCMessage).catch(() => {
      settle({ kind: 'failed' });
    });
  });
}

/** The handler of every frame the link delivers: to the adapter's pending request, or parsed to the SDK. */
function receiver(
  transport: AirlockTransport,
  pending: ReadonlyMap<string, Pending>,
  listeners: ReadonlySet<() => void>,
): (frame: Frame) => void {
  const limit = transport.maxMessageBytes;
  return (frame) => {
    if (frame.kind === 'oversized') {
      routeOversized(frame, limit, {
        ours: (id) => pending.get(id),
        toSdk: (id, actual) => {
          const data = { limit, actual };
          const error = { code: RESULT_TOO_LARGE_CODE, message: 'Reply over the receive ceiling', data };
          transport.onmessage?.({ jsonrpc: '2.0', id, error });
        },
        drop: (error) => transport.onerror?.(error),
      });
      return;
    }
    const scanned = scanObject(frame.bytes);
    const id = scanned === undefined ? undefined : idOf(frame.bytes, memberNamed(scanned, 'id'));
    if (typeof id === 'string' && id.startsWith(AIRLOCK_ID_PREFIX) && scanned !== undefined) {
      pending.get(id)?.settle(replyOf(frame.bytes, scanned));
      return;
    }
    let message: JSONRPCMessage;
    try {
      message = frame.parsed ?? (JSON.parse(decoder.decode(frame.bytes)) as JSONRPCMessage);
    } catch {
      transport.onerror?.(new Error('A received message is not JSON; dropped.'));
      return;
    }
    if ((message as { method?: unknown }).method === LIST_CHANGED)
      for (const listener of listeners) listener();
    transport.onmessage?.(message, frame.extra as never);
  };
}

/** The raw reply a response message carries: its `result` (and whether it says `isError`) or its `error`. */
function replyOf(bytes: Uint8Array, scanned: ScannedObject): WireReply {
  const result = memberNamed(scanned, 'result');
  if (result !== undefined) {
    const body = bytes.subarray(result.start, result.end);
    const members = scanObject(body);
    const flag = members === undefined ? undefined : memberNamed(members, 'isError');
    const isError = flag !== undefined && decoder.decode(body.subarray(flag.start, flag.end)) === 'true';
    return { kind: 'result', bytes: body, isError };
  }
  const error = memberNamed(scanned, 'error');
  return error === undefined
    ? { kind: 'failed' }
    : { kind: 'error', bytes: bytes.subarray(error.start, error.end) };
}

/** Arms the deadline and the caller's signal; returns the disarm function. */
function watch(options: ExchangeOptions, expire: (reply: WireReply) => void): () => void {
  const timer = setTimeout(() => {
    expire({ kind: 'timeout' });
  }, options.timeoutMs);
  const onAbort = (): void => {
    expire({ kind: 'aborted' });
  };
  options.signal?.addEventListener('abort', onAbort, { once: true });
  return () => {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  };
}

/** The notification that tells the server a request is no longer awaited. */
function cancelled(id: string, why: WireReply['kind']): JSONRPCMessage {
  const reason = why === 'timeout' ? 'Request timed out' : 'Request aborted by the caller';
  return { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason } };
}

// The transport core: routes framed messages to the SDK or to the adapter's own requests, raw bytes kept for the latter.
import { createEra, type Era } from './era.js';
import type { JsonRpcMessage } from './json-rpc.js';
import { idOf, memberNamed, scanObject } from './member-scan.js';
import { routeOversized } from './oversized.js';
import { replyOf } from './reply.js';
import { createRequests, type Pending, type Requests } from './requests.js';
import { createToolSubscription, type ToolSubscription } from './tool-subscription.js';
import {
  AIRLOCK_ID_PREFIX,
  RESULT_TOO_LARGE_CODE,
  type AirlockTransport,
  type Frame,
  type Link,
} from './types.js';

const LIST_CHANGED = 'notifications/tools/list_changed';
const decoder = new TextDecoder('utf-8', { fatal: false });

/**
 * Builds the transport over a link. Incoming messages are scanned (not parsed) for their `id`: a reply to an
 * `airlock:` request settles that request with the exact bytes of its `result` or `error` member and is
 * never shown to the SDK; a late one is dropped. Everything else is parsed and handed to the SDK, after
 * `notifications/tools/list_changed` has been told to the adapter's listeners. An oversized message never
 * reaches the SDK: see `routeOversized`. What the SDK sends shows the era (see `createEra`): the adapter's
 * requests carry the envelope it asks for, and from 2026-07-28 on the adapter keeps its own subscription to
 * tool-list changes (see `createToolSubscription`).
 */
export function createChannel(link: Link, maxMessageBytes: number): AirlockTransport {
  const era = createEra();
  const requests = createRequests(link, era);
  const listeners = new Set<() => void>();
  let state: 'new' | 'open' | 'closed' = 'new';
  const subscription = createToolSubscription({
    link,
    era,
    nextId: () => requests.nextId(),
    wanted: () => state === 'open' && listeners.size > 0,
    announce: () => {
      for (const listener of listeners) listener();
    },
    failed: (error) => transport.onerror?.(error),
  });

  const transport: AirlockTransport = {
    maxMessageBytes,
    ...(link.perRequest === true ? { hasPerRequestStream: true } : {}),
    async start() {
      if (state !== 'new') throw new Error('This transport was already started.');
      state = 'open';
      const receive = receiver(transport, { era, requests, subscription, listeners });
      await link.start(receive, closed, (error) => transport.onerror?.(error));
    },
    send(message, options) {
      era.observe(message);
      return link.send(message, options);
    },
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
      era.setVersion(version);
      link.setProtocolVersion?.(version);
      subscription.update();
    },
    exchange(method, params, options) {
      if (state !== 'open') return Promise.resolve({ kind: 'failed' });
      return requests.send(method, params, options);
    },
    onToolsChanged(listener) {
      listeners.add(listener);
      subscription.update();
      return () => {
        listeners.delete(listener);
        subscription.update();
      };
    },
  };

  function closed(): void {
    if (state === 'closed') return;
    state = 'closed';
    subscription.close();
    requests.failAll();
    transport.onclose?.();
  }

  return transport;
}

/** What the receiver routes to. */
interface Routes {
  readonly era: Era;
  readonly requests: Requests;
  readonly subscription: ToolSubscription;
  readonly listeners: ReadonlySet<() => void>;
}

/** The handler of every frame the link delivers: to the adapter's pending request, or parsed to the SDK. */
function receiver(transport: AirlockTransport, routes: Routes): (frame: Frame) => void {
  const { requests, subscription } = routes;
  const limit = transport.maxMessageBytes;
  const ours = (id: string): Pending | undefined =>
    requests.get(id) ??
    (subscription.owns(id)
      ? {
          settle: () => {
            subscription.ended(false);
          },
        }
      : undefined);
  return (frame) => {
    if (frame.kind === 'oversized') {
      routeOversized(frame, limit, {
        ours,
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
      const reply = replyOf(frame.bytes, scanned);
      if (subscription.owns(id)) subscription.ended(reply.kind === 'error');
      else requests.get(id)?.settle(reply);
      return;
    }
    let message: JsonRpcMessage;
    try {
      message = frame.parsed ?? (JSON.parse(decoder.decode(frame.bytes)) as JsonRpcMessage);
    } catch {
      transport.onerror?.(new Error('A received message is not JSON; dropped.'));
      return;
    }
    if (subscription.claim(message)) return;
    if (message.method === LIST_CHANGED && !(routes.era.isModern() && subscription.live()))
      for (const listener of routes.listeners) listener();
    transport.onmessage?.(message, frame.extra);
  };
}

// The adapter's own requests in flight: each settles once, by its reply, its deadline, the caller or the connection's end.
import type { Era } from './era.js';
import type { JsonRpcMessage, WireId } from './json-rpc.js';
import { AIRLOCK_ID_PREFIX, type ExchangeOptions, type Link, type WireReply } from './types.js';

/** A request awaiting its reply. */
export interface Pending {
  settle(reply: WireReply): void;
}

/** The adapter's requests over one link. */
export interface Requests {
  /** Sends a request with a fresh `airlock:` id (stamped for the era) and resolves to its reply. Never rejects. */
  send(
    method: string,
    params: Readonly<Record<string, unknown>>,
    options: ExchangeOptions,
  ): Promise<WireReply>;
  /** A fresh `airlock:` id. */
  nextId(): string;
  /** The request with this id, while it is awaited. */
  get(id: string): Pending | undefined;
  /** Fails every awaited request (the connection ended). */
  failAll(): void;
}

/**
 * Keeps the adapter's requests. A request the caller stops waiting for is cancelled as its era says: before
 * 2026-07-28, and over one shared channel (stdio), by `notifications/cancelled` (stamped with the envelope
 * from 2026-07-28 on); from 2026-07-28 on over HTTP, by ending its own HTTP exchange. A reply that comes
 * after is dropped.
 */
export function createRequests(link: Link, era: Era): Requests {
  const pending = new Map<string, Pending>();
  let counter = 0;
  const nextId = (): string => `${AIRLOCK_ID_PREFIX}${String(++counter)}`;

  const send = (
    method: string,
    params: Readonly<Record<string, unknown>>,
    options: ExchangeOptions,
  ): Promise<WireReply> => {
    const id = nextId();
    const exchange = new AbortController();
    return new Promise<WireReply>((resolve) => {
      const stop = watch(options, (reply) => {
        if (!pending.has(id)) return;
        settle(reply);
        cancel(link, era, id, exchange, reply.kind === 'timeout' ? 'Request timed out' : undefined);
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
      const request = { jsonrpc: '2.0' as const, id, method, params: era.stamp(params) };
      link.send(request, { requestSignal: exchange.signal }).catch(() => {
        settle({ kind: 'failed' });
      });
    });
  };

  return {
    send,
    nextId,
    get: (id) => pending.get(id),
    failAll() {
      for (const request of [...pending.values()]) request.settle({ kind: 'failed' });
    },
  };
}

/**
 * Tells the server a request of the adapter is no longer awaited: ends its HTTP exchange where that is the
 * era's cancellation, else sends `notifications/cancelled`. Never rejects.
 */
function cancel(link: Link, era: Era, id: WireId, exchange: AbortController, reason?: string): void {
  if (era.isModern() && link.perRequest === true) exchange.abort();
  else link.send(cancelledNotice(era, id, reason)).catch(() => undefined);
}

/** `notifications/cancelled` for a request of the adapter, stamped for the era. */
export function cancelledNotice(
  era: Era,
  id: WireId,
  reason = 'Request aborted by the caller',
): JsonRpcMessage {
  return { jsonrpc: '2.0', method: 'notifications/cancelled', params: era.stamp({ requestId: id, reason }) };
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

// A receive ceiling for MCP: wraps a client Transport and replaces any oversized reply before the SDK reads it.
import { randomUUID } from 'node:crypto';
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';

/** The JSON-RPC error code (implementation-defined server range) of a reply replaced for its size. */
export const RESULT_TOO_LARGE_CODE = -32_050;

/** The default ceiling on one received message, serialized: 4 MiB. */
export const DEFAULT_MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

/** Oversized replies kept for the adapter to hand to the gate (as evidence and for the audit record). */
const KEPT_OVERSIZED = 2;

/** Options of {@link boundTransport}. */
export interface BoundedTransportOptions {
  /** Ceiling on one received JSON-RPC message, as UTF-8 JSON bytes. Default {@link DEFAULT_MAX_MESSAGE_BYTES}. */
  readonly maxMessageBytes?: number;
}

/** A transport with a receive ceiling. */
export interface BoundedTransport extends Transport {
  readonly maxMessageBytes: number;
  /** Hands over (once) the serialized text of the oversized reply a `RESULT_TOO_LARGE_CODE` error names. */
  takeOversized(token: string): string | undefined;
}

/**
 * Wraps a client transport so every message it receives is measured before the SDK sees it. The SDK's
 * transports have already run `JSON.parse` by then (stdio on a line its own `maxBufferSize` bounds; the
 * in-memory transport passes objects), so this is the earliest point a wrapper can reach: it bounds what the
 * SDK's schema parsing and the application then spend on a reply, not the parse itself. A reply over the
 * ceiling is replaced by a JSON-RPC error with code {@link RESULT_TOO_LARGE_CODE} and `data: { token, limit,
 * actual }`, so the pending request fails at once; its text is kept for {@link BoundedTransport.takeOversized}.
 * An oversized request or notification from the server is dropped and reported through `onerror`.
 */
export function boundTransport(inner: Transport, options: BoundedTransportOptions = {}): BoundedTransport {
  const maxMessageBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  if (!Number.isSafeInteger(maxMessageBytes) || maxMessageBytes < 1024) {
    throw new TypeError('maxMessageBytes must be a whole number of at least 1024.');
  }
  const kept = new Map<string, string>();
  const outer: BoundedTransport = {
    maxMessageBytes,
    start: () => inner.start(),
    send: (message: JSONRPCMessage, sendOptions?: TransportSendOptions) => inner.send(message, sendOptions),
    close: () => inner.close(),
    get sessionId() {
      return inner.sessionId;
    },
    setProtocolVersion: (version: string) => {
      inner.setProtocolVersion?.(version);
    },
    takeOversized(token: string) {
      const text = kept.get(token);
      kept.delete(token);
      return text;
    },
  };
  inner.onclose = () => outer.onclose?.();
  inner.onerror = (error: Error) => outer.onerror?.(error);
  inner.onmessage = (message: JSONRPCMessage, extra?: MessageExtraInfo) => {
    let text: string;
    try {
      text = JSON.stringify(message);
    } catch {
      outer.onerror?.(new Error('A received message could not be measured; dropped.'));
      return;
    }
    const actual = Buffer.byteLength(text, 'utf8');
    if (actual <= maxMessageBytes) {
      outer.onmessage?.(message, extra);
      return;
    }
    if (!isReply(message)) {
      outer.onerror?.(
        new Error(
          `A ${actual}-byte message from the server was over the ${maxMessageBytes}-byte ceiling; dropped.`,
        ),
      );
      return;
    }
    const token = randomUUID();
    kept.set(token, text);
    for (const oldest of kept.keys()) if (kept.size > KEPT_OVERSIZED) kept.delete(oldest);
    const error = {
      code: RESULT_TOO_LARGE_CODE,
      message: 'Reply over the receive ceiling',
      data: { token, limit: maxMessageBytes, actual },
    };
    outer.onmessage?.({ jsonrpc: '2.0', id: message.id, error }, extra);
  };
  return outer;
}

function isReply(message: JSONRPCMessage): message is JSONRPCMessage & { id: string | number } {
  return 'id' in message && ('result' in message || 'error' in message);
}

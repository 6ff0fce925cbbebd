// Any SDK transport as a link: its parsed messages serialized again, measured and routed like received bytes.
import { createChannel } from './channel.js';
import type { InnerTransport, JsonRpcMessage } from './json-rpc.js';
import { TAIL_BYTES } from './line-splitter.js';
import { checkCeiling, DEFAULT_MAX_MESSAGE_BYTES, type AirlockTransport, type Link } from './types.js';

/** Options of {@link boundTransport}. */
export interface BoundedTransportOptions {
  /** Ceiling on one received JSON-RPC message, as UTF-8 JSON bytes. Default 4 MiB. */
  readonly maxMessageBytes?: number;
}

const encoder = new TextEncoder();

/**
 * Wraps a client transport that hands over parsed messages (an SDK's in-memory transport, a custom one) so
 * the Airlock adapter can use it. Such a transport has already run `JSON.parse`, so each message is
 * serialized again and that serialization stands for its bytes: measured against the ceiling, and kept as
 * evidence of a reply. For a real receive ceiling below any parser, use `stdioTransport` or
 * `streamableHttpTransport`, which frame the byte stream themselves. Any transport of the 1.x or the 2.x SDK
 * fits; its session id and its per-request HTTP exchanges are passed on as they are (so one resumed with a
 * session id makes a `Client` skip its handshake, as it would unwrapped).
 */
export function boundTransport(
  inner: InnerTransport,
  options: BoundedTransportOptions = {},
): AirlockTransport {
  const max = checkCeiling(options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES);
  return createChannel(wrappedLink(inner, max), max);
}

function wrappedLink(inner: InnerTransport, max: number): Link {
  return {
    async start(deliver, closed, failed) {
      inner.onclose = closed;
      inner.onerror = failed;
      inner.onmessage = (message: JsonRpcMessage, extra?: unknown) => {
        let bytes: Uint8Array;
        try {
          bytes = encoder.encode(JSON.stringify(message));
        } catch {
          failed(new Error('A received message could not be measured; dropped.'));
          return;
        }
        if (bytes.length <= max) {
          deliver({ kind: 'message', bytes, parsed: message, extra });
          return;
        }
        const tail = bytes.subarray(Math.max(0, bytes.length - TAIL_BYTES));
        deliver({ kind: 'oversized', head: bytes, tail, total: bytes.length });
      };
      await inner.start();
    },
    send: (message, options) => inner.send(message, options),
    close: () => inner.close(),
    get sessionId() {
      return inner.sessionId;
    },
    setProtocolVersion(version: string) {
      inner.setProtocolVersion?.(version);
    },
    get perRequest() {
      return inner.hasPerRequestStream;
    },
  };
}

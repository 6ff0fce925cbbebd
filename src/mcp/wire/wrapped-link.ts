// Any SDK transport as a link: its parsed messages serialized again, measured and routed like received bytes.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';
import { createChannel } from './channel.js';
import { TAIL_BYTES } from './line-splitter.js';
import { checkCeiling, DEFAULT_MAX_MESSAGE_BYTES, type AirlockTransport, type Link } from './types.js';

/** Options of {@link boundTransport}. */
export interface BoundedTransportOptions {
  /** Ceiling on one received JSON-RPC message, as UTF-8 JSON bytes. Default 4 MiB. */
  readonly maxMessageBytes?: number;
}

const encoder = new TextEncoder();

/**
 * Wraps a client transport that hands over parsed messages (the SDK's in-memory transport, a custom one) so
 * the Airlock adapter can use it. Such a transport has already run `JSON.parse`, so each message is
 * serialized again and that serialization stands for its bytes: measured against the ceiling, and kept as
 * evidence of a reply. For a real receive ceiling below any parser, use `stdioTransport` or
 * `streamableHttpTransport`, which frame the byte stream themselves.
 */
export function boundTransport(inner: Transport, options: BoundedTransportOptions = {}): AirlockTransport {
  const max = checkCeiling(options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES);
  return createChannel(wrappedLink(inner, max), max);
}

function wrappedLink(inner: Transport, max: number): Link {
  return {
    async start(deliver, closed, failed) {
      inner.onclose = closed;
      inner.onerror = failed;
      inner.onmessage = (message: JSONRPCMessage, extra?: MessageExtraInfo) => {
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
    send: (message) => inner.send(message),
    close: () => inner.close(),
    get sessionId() {
      return inner.sessionId;
    },
    setProtocolVersion(version: string) {
      inner.setProtocolVersion?.(version);
    },
  };
}

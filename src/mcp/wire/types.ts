// The shapes the MCP wire layer shares: framed messages from a link, raw replies, and the transport the adapter uses.
import type { JsonRpcMessage, SendOptions, WireId } from './json-rpc.js';

/** The prefix of every request id the adapter sends itself (the SDK numbers its own). */
export const AIRLOCK_ID_PREFIX = 'airlock:';

/** One received message as framed by a link: its exact bytes, or the head and tail of one over the ceiling. */
export type Frame =
  | {
      readonly kind: 'message';
      readonly bytes: Uint8Array;
      /** Already parsed by the link (a wrapped SDK transport); otherwise the channel parses SDK-bound messages. */
      readonly parsed?: JsonRpcMessage;
      /** The SDK's per-message extra information, passed on untouched. */
      readonly extra?: unknown;
    }
  | {
      readonly kind: 'oversized';
      readonly head: Uint8Array;
      readonly tail: Uint8Array;
      readonly total: number;
      /** The request this message answers when the link knows it (an HTTP POST's own request). */
      readonly replyTo?: WireId;
    };

/** What carries messages: a child process's pipes, HTTP exchanges, or another SDK transport. */
export interface Link {
  /** Starts receiving; `deliver` gets every frame, `closed` is called once when the link is gone. */
  start(deliver: (frame: Frame) => void, closed: () => void, failed: (error: Error) => void): Promise<void>;
  /** Sends one message; rejects when it cannot be sent (the caller fails the request). */
  send(message: JsonRpcMessage, options?: SendOptions): Promise<void>;
  close(): Promise<void>;
  readonly sessionId?: string | undefined;
  setProtocolVersion?(version: string): void;
  /**
   * True when every request travels in an HTTP exchange of its own that `requestSignal` ends: from protocol
   * revision 2026-07-28 on, ending it is how a request is cancelled.
   */
  readonly perRequest?: boolean | undefined;
}

/**
 * The raw reply to a request the adapter sent itself. Bytes are exactly as received: the `result` or `error`
 * member of the JSON-RPC response, sliced out of the message without decoding.
 */
export type WireReply =
  | {
      readonly kind: 'result';
      readonly bytes: Uint8Array;
      /** The result says `isError: true`, or (2026-07-28) that it is not complete (`resultType` other than `complete`). */
      readonly isError: boolean;
    }
  | { readonly kind: 'error'; readonly bytes: Uint8Array }
  | {
      readonly kind: 'too_large';
      /** The first bytes of the reply's result (or of the message), one byte over the ceiling. */
      readonly head: Uint8Array;
      readonly total: number;
      readonly limit: number;
    }
  | { readonly kind: 'timeout' }
  | { readonly kind: 'aborted' }
  /** The request could not be sent, or the connection ended before a reply. */
  | { readonly kind: 'failed' };

/** Per-exchange options: a deadline is required, the caller's signal is honoured. */
export interface ExchangeOptions {
  readonly timeoutMs: number;
  readonly signal?: AbortSignal | undefined;
}

/**
 * A client transport an MCP SDK `Client` can `connect` to, of the 1.x SDK (`@modelcontextprotocol/sdk`) or
 * of the 2.x SDK (`@modelcontextprotocol/client`): it is written structurally, with the callbacks as methods,
 * so it fits the `Transport` of every copy of either, and it imports neither. A receive ceiling is enforced
 * on the byte stream, and a side channel carries the adapter's own requests and returns their replies as raw
 * bytes. Replies to the adapter's requests never reach the SDK; everything else does. It reports no session
 * id until a server has assigned one in answer to `initialize`, so a `Client` always runs its handshake.
 */
export interface AirlockTransport {
  start(): Promise<void>;
  send(message: JsonRpcMessage, options?: SendOptions): Promise<void>;
  close(): Promise<void>;
  onclose?(): void;
  onerror?(error: Error): void;
  onmessage?(message: JsonRpcMessage, extra?: unknown): void;
  /** The session id an HTTP server assigned in answer to `initialize` (absent on stdio and sessionless HTTP). */
  readonly sessionId?: string;
  setProtocolVersion?(version: string): void;
  /** True over Streamable HTTP: each request is one HTTP exchange, which `requestSignal` ends. */
  readonly hasPerRequestStream?: boolean;
  /** Ceiling on one received message, in bytes. */
  readonly maxMessageBytes: number;
  /**
   * Sends a request with an `airlock:` id and resolves to its raw reply. Never rejects. From protocol
   * revision 2026-07-28 on, the request carries the envelope the client's own requests carry.
   */
  exchange(
    method: string,
    params: Readonly<Record<string, unknown>>,
    options: ExchangeOptions,
  ): Promise<WireReply>;
  /**
   * Calls `listener` on every `notifications/tools/list_changed`; returns the unsubscribe function. From
   * protocol revision 2026-07-28 on, where such notifications come only to a subscription, the transport keeps
   * one of its own open while any listener is registered.
   */
  onToolsChanged(listener: () => void): () => void;
}

/** The JSON-RPC error code (implementation-defined server range) of a reply replaced for its size. */
export const RESULT_TOO_LARGE_CODE = -32_050;

/**
 * The JSON-RPC error code of the reply given to an SDK request the HTTP endpoint refused with a status and
 * no JSON-RPC error of its own (`data.status` holds the status).
 */
export const HTTP_REFUSED_CODE = -32_051;

/** The default ceiling on one received message: 4 MiB. */
export const DEFAULT_MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

/** The smallest ceiling a transport accepts. */
export const MIN_MESSAGE_BYTES = 1024;

/** Throws a TypeError unless `value` is a whole number of bytes of at least {@link MIN_MESSAGE_BYTES}. */
export function checkCeiling(value: number): number {
  if (!Number.isSafeInteger(value) || value < MIN_MESSAGE_BYTES) {
    throw new TypeError(`maxMessageBytes must be a whole number of at least ${MIN_MESSAGE_BYTES}.`);
  }
  return value;
}

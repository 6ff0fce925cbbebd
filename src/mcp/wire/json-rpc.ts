// The JSON-RPC and transport shapes the wire layer speaks, written structurally so any MCP SDK's messages fit them.

/** A JSON-RPC request id (an SDK's numbers or strings, or the adapter's own `airlock:` strings). */
export type WireId = string | number;

/**
 * One JSON-RPC message: a request, a notification, a result or an error. Written as one loose shape with
 * optional members, so the message types of every MCP SDK (1.x `@modelcontextprotocol/sdk`, 2.x
 * `@modelcontextprotocol/client`) are assignable to it; the wire layer reads members, never trusts them.
 */
export interface JsonRpcMessage {
  readonly jsonrpc: '2.0';
  readonly id?: WireId | null | undefined;
  readonly method?: string | undefined;
  readonly params?: object | undefined;
  readonly result?: object | undefined;
  readonly error?: { readonly code: number; readonly message: string; readonly data?: unknown } | undefined;
}

/**
 * What an SDK passes with a message it sends. The 1.x SDK passes the first three, the 2.x SDK the rest too;
 * a transport that sends one HTTP request per message honours `requestSignal`, `onRequestStreamEnd` and
 * `headers`, one over a single channel (stdio) ignores them.
 */
export interface SendOptions {
  readonly relatedRequestId?: WireId | undefined;
  readonly resumptionToken?: string | undefined;
  readonly onresumptiontoken?: ((token: string) => void) | undefined;
  /** Ends this message's own HTTP request (and its reply stream) without closing the transport. */
  readonly requestSignal?: AbortSignal | undefined;
  /** Called when this request's reply stream ends for any reason other than `requestSignal`. */
  readonly onRequestStreamEnd?: (() => void) | undefined;
  /** Extra HTTP headers for this message's request (the protocol's own headers cannot be overridden). */
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

/**
 * A transport's callbacks, declared as methods: an SDK declares them with narrower message types, and method
 * parameters accept those (a function-typed property would not).
 */
interface Callbacks {
  onclose(): void;
  onerror(error: Error): void;
  onmessage(message: JsonRpcMessage, extra?: unknown): void;
  setProtocolVersion(version: string): void;
}

/**
 * A client transport as every MCP SDK declares it (the members `boundTransport` uses): a transport of either
 * SDK, or a hand-written one, fits.
 */
export interface InnerTransport {
  start(): Promise<void>;
  /** (Some SDK transports also take a batch; the wrapper sends one message at a time.) */
  send(message: JsonRpcMessage | readonly JsonRpcMessage[], options?: SendOptions): Promise<void>;
  close(): Promise<void>;
  onclose?: Callbacks['onclose'] | undefined;
  onerror?: Callbacks['onerror'] | undefined;
  onmessage?: Callbacks['onmessage'] | undefined;
  readonly sessionId?: string | undefined;
  setProtocolVersion?: Callbacks['setProtocolVersion'] | undefined;
  /** True when each request is one HTTP exchange that `requestSignal` ends (the 2.x SDK's HTTP transport). */
  readonly hasPerRequestStream?: boolean | undefined;
}

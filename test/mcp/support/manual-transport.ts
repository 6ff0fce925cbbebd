// Test support: an inner transport driven by hand under boundTransport, recording what is sent through it.
import type { InnerTransport, JsonRpcMessage, SendOptions } from '../../../src/mcp/wire/json-rpc.js';
import type { AirlockTransport } from '../../../src/mcp/wire/types.js';
import { boundTransport } from '../../../src/mcp/wire/wrapped-link.js';

/** The inner transport and what went through it. */
export interface ManualTransport {
  readonly inner: InnerTransport;
  readonly sent: JsonRpcMessage[];
  /** The options each message was sent with, in the same order. */
  readonly options: Array<SendOptions | undefined>;
}

/** An inner transport with a session id; `perRequest`: it says each request is an HTTP exchange of its own. */
export function manualTransport(perRequest = false): ManualTransport {
  const sent: JsonRpcMessage[] = [];
  const options: Array<SendOptions | undefined> = [];
  const inner: InnerTransport = {
    start: () => Promise.resolve(),
    send: (message, sendOptions) => {
      sent.push(...([] as JsonRpcMessage[]).concat(message));
      options.push(sendOptions);
      return Promise.resolve();
    },
    close: () => Promise.resolve(),
    sessionId: 'session-1',
    ...(perRequest ? { hasPerRequestStream: true } : {}),
  };
  return { inner, sent, options };
}

/** A started bounded transport over a manual one, with what reached its SDK side. */
export interface Started extends ManualTransport {
  readonly outer: AirlockTransport;
  readonly received: JsonRpcMessage[];
  readonly errors: Error[];
}

/** Starts `boundTransport` over a manual transport, recording what it hands to the SDK. */
export async function started(maxMessageBytes = 4096, perRequest = false): Promise<Started> {
  const manual = manualTransport(perRequest);
  const outer = boundTransport(manual.inner, { maxMessageBytes });
  const received: JsonRpcMessage[] = [];
  const errors: Error[] = [];
  outer.onmessage = (message) => received.push(message);
  outer.onerror = (error) => errors.push(error);
  await outer.start();
  return { ...manual, outer, received, errors };
}

/** Sends an exchange and returns its id as the inner transport saw it, and the pending reply. */
export async function exchange(
  outer: AirlockTransport,
  sent: JsonRpcMessage[],
  timeoutMs = 5000,
  signal?: AbortSignal,
) {
  const reply = outer.exchange('tools/call', { name: 'echo' }, { timeoutMs, signal });
  await Promise.resolve();
  const request = sent.at(-1) as { id: string };
  return { id: request.id, reply };
}

// The proxy's client on this process's standard input and output, both protocol eras, one connection.
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/server';
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import type { ProxyServer } from './sdk-server.js';

/** The most one message from the client may hold. */
const MAX_CLIENT_MESSAGE_BYTES = 16 * 1024 * 1024;

/** The client capabilities an opening message declares (`initialize`, or the 2026-07-28 envelope). */
export type ClientCapabilities = Readonly<Record<string, unknown>>;

/** Serves one client; `open` builds its server once the client's capabilities are known. */
export interface StdioFront {
  close(): Promise<void>;
}

/**
 * Serves the client on stdin/stdout with `serveStdio` (which picks the era from the opening message). The
 * first message is read before the server is built: its capabilities (from `initialize`, or the 2026-07-28
 * `_meta` envelope) are what the proxy declares upstream, so sampling, elicitation and roots reach a client
 * that offers them, and only such a client. `closed` is called once when the client goes away.
 */
export function serveOnStdio(
  open: (capabilities: ClientCapabilities) => Promise<ProxyServer>,
  closed: () => void,
  onerror: (error: Error) => void,
): StdioFront {
  const inner = new StdioServerTransport(process.stdin, process.stdout, {
    maxBufferSize: MAX_CLIENT_MESSAGE_BYTES,
  });
  let capabilities: ClientCapabilities | undefined;
  const peeking: Transport = {
    start: () => inner.start(),
    close: () => inner.close(),
    send: (message: JSONRPCMessage) => inner.send(message),
  };
  inner.onmessage = (message) => {
    capabilities ??= declaredCapabilities(message);
    peeking.onmessage?.(message);
  };
  inner.onerror = (error) => peeking.onerror?.(error);
  inner.onclose = () => {
    peeking.onclose?.();
    closed();
  };
  const handle = serveStdio(() => open(capabilities ?? {}), { transport: peeking, onerror });
  return { close: () => handle.close() };
}

/** The capabilities an opening message declares, or none. */
function declaredCapabilities(message: JSONRPCMessage): ClientCapabilities {
  const params = 'params' in message ? (message.params as Record<string, unknown> | undefined) : undefined;
  if (params === undefined) return {};
  const direct = 'method' in message && message.method === 'initialize' ? params.capabilities : undefined;
  const meta = params._meta as Record<string, unknown> | undefined;
  const enveloped = meta?.['io.modelcontextprotocol/clientCapabilities'];
  const found = direct ?? enveloped;
  return typeof found === 'object' && found !== null && !Array.isArray(found)
    ? (found as ClientCapabilities)
    : {};
}

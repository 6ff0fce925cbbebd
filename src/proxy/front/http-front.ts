// The proxy's clients over Streamable HTTP: sessionless 2026-07-28 and stateless 2025, any number of them.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  localhostHostValidation,
  localhostOriginValidation,
  toNodeHandler,
} from '@modelcontextprotocol/node';
import { createMcpHandler, type McpHttpHandler } from '@modelcontextprotocol/server';
import type { ProxyServer } from './sdk-server.js';

/** The largest request body a client may send, in bytes. */
const MAX_REQUEST_BYTES = 16 * 1024 * 1024;

/** A listening HTTP front. */
export interface HttpFront {
  /** The MCP endpoint it serves, with the port it bound. */
  readonly url: string;
  /** Tells the connected clients (listen streams) that the tool list changed. */
  toolsChanged(): void;
  close(): Promise<void>;
}

const LOOPBACK: ReadonlySet<string> = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * Listens on `host:port` (port 0 picks a free one) and serves MCP at `/mcp`: the 2026-07-28 revision without
 * sessions, and 2025 clients through the stateless fallback. Nothing is kept per client between requests, so
 * any number of proxies can serve the same clients behind a load balancer. Bound to a loopback address, it
 * refuses requests whose Host or Origin is not a loopback name (DNS rebinding). `build` makes the server that
 * answers one request.
 */
export async function listenHttp(
  host: string,
  port: number,
  build: () => ProxyServer | Promise<ProxyServer>,
  onerror: (error: Error) => void,
): Promise<HttpFront> {
  const handler: McpHttpHandler = createMcpHandler(build, {
    legacy: 'stateless',
    maxRequestBodySize: MAX_REQUEST_BYTES,
    onerror,
  });
  const serve = toNodeHandler(handler, { maxRequestBodySize: MAX_REQUEST_BYTES, onerror });
  const guards = LOOPBACK.has(host) ? [localhostHostValidation(), localhostOriginValidation()] : [];
  const http = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (!guards.every((guard) => guard(request, response))) return;
    if (new URL(request.url ?? '/', 'http://proxy').pathname !== '/mcp') {
      response.writeHead(404).end();
      return;
    }
    // The adapter's request type is stricter than node:http's under exactOptionalPropertyTypes; it is the same object.
    serve(request as Parameters<typeof serve>[0], response).catch(onerror);
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  const bound = http.address() as AddressInfo;
  const shownHost = bound.family === 'IPv6' ? `[${bound.address}]` : bound.address;
  return {
    url: `http://${shownHost}:${String(bound.port)}/mcp`,
    toolsChanged: () => {
      handler.notify.toolsChanged();
    },
    async close() {
      await handler.close().catch(onerror);
      http.closeAllConnections();
      await new Promise<void>((resolve) => {
        http.close(() => {
          resolve();
        });
      });
    },
  };
}

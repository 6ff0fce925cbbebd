// A real MCP server on the 2.x SDK: `stdio` (serveStdio, both protocol eras) or `http` (sessionless and session endpoints).
import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NodeStreamableHTTPServerTransport, toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, isInitializeRequest } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { buildServer, initialState } from './sdk2-tools.js';

const state = initialState();
/** Where every byte the server writes to the wire is appended, when set: tests compare evidence against it. */
const wireLog = process.env.SDK2_WIRE_LOG;

const log = (chunk: unknown): void => {
  if (wireLog !== undefined && (typeof chunk === 'string' || chunk instanceof Uint8Array))
    appendFileSync(wireLog, chunk);
};

if (process.argv[2] === 'http') serveHttp();
else {
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((...args: Parameters<typeof write>) => {
    log(args[0]);
    return write(...args);
  }) as typeof process.stdout.write;
  serveStdio(() => buildServer(state));
}

/**
 * Streamable HTTP on a free local port, printed once listening: `/modern` is `createMcpHandler` (2026-07-28
 * sessionless, and the stateless 2025 fallback), `/stateful` keeps 2025-11-25 sessions with
 * `NodeStreamableHTTPServerTransport`, one McpServer per session.
 */
function serveHttp(): void {
  const publish = (): void => {
    handler.notify.toolsChanged();
  };
  const handler = createMcpHandler(() => buildServer(state, publish), { legacy: 'stateless' });
  const modern = toNodeHandler(handler);
  const sessions = new Map<string, NodeStreamableHTTPServerTransport>();
  const http = createServer((request, response) => {
    logged(response);
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    // The adapter's declared request shape is narrower than Node's under exactOptionalPropertyTypes only.
    if (path === '/modern') void modern(request as Parameters<typeof modern>[0], response);
    else if (path === '/stateful') void stateful(sessions, request, response);
    else response.writeHead(404).end();
  });
  http.listen(0, '127.0.0.1', () => {
    process.stdout.write(`listening ${String((http.address() as AddressInfo).port)}\n`);
  });
}

async function stateful(
  sessions: Map<string, NodeStreamableHTTPServerTransport>,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const body = request.method === 'POST' ? await json(request) : undefined;
  const id = request.headers['mcp-session-id'];
  let transport = typeof id === 'string' ? sessions.get(id) : undefined;
  if (transport === undefined && isInitializeRequest(body)) {
    const created: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (session): void => {
        sessions.set(session, created);
      },
    });
    await buildServer(state).connect(created);
    transport = created;
  }
  if (transport === undefined) {
    const error = { jsonrpc: '2.0', id: null, error: { code: -32000, message: 'No valid session' } };
    response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify(error));
    return;
  }
  await transport.handleRequest(request, response, body);
}

async function json(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

/** Appends what the response writes to the wire log. */
function logged(response: ServerResponse): void {
  const write = response.write.bind(response) as (chunk: unknown, ...rest: unknown[]) => boolean;
  const end = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
  response.write = ((chunk: unknown, ...rest: unknown[]) => {
    log(chunk);
    return write(chunk, ...rest);
  }) as typeof response.write;
  response.end = ((...args: unknown[]) => {
    if (typeof args[0] !== 'function') log(args[0]);
    return end(...args);
  }) as typeof response.end;
}

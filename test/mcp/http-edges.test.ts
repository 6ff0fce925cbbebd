// Streamable HTTP at its edges, against a local server: sessions, refused POSTs, subscriptions and their deadlines.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamableHttpTransport } from '../../src/mcp/wire/http-link.js';
import type { JsonRpcMessage } from '../../src/mcp/wire/json-rpc.js';
import { HTTP_REFUSED_CODE, type AirlockTransport } from '../../src/mcp/wire/types.js';

/** What the server does with one POSTed message (by its method), and what it saw. */
const seen: Array<{ readonly method: string; readonly session: string | undefined; closed: boolean }> = [];

function answer(message: JsonRpcMessage, request: IncomingMessage, response: ServerResponse): void {
  const entry = {
    method: message.method ?? '',
    session: request.headers['mcp-session-id'] as string | undefined,
    closed: false,
  };
  seen.push(entry);
  response.on('close', () => {
    entry.closed = true;
  });
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  const reply = { jsonrpc: '2.0', id: message.id, result: { content: [] } };
  switch (message.method) {
    case 'initialize':
      json(200, { ...reply, result: { protocolVersion: '2025-11-25' } }, { 'mcp-session-id': 'assigned' });
      return;
    case 'tools/list':
      json(200, { ...reply, result: { tools: [] } }, { 'mcp-session-id': 'unasked' });
      return;
    case 'refused/json':
      json(400, { jsonrpc: '2.0', id: null, error: { code: -32000, message: 'No valid session' } });
      return;
    case 'refused/same-id':
      json(400, { jsonrpc: '2.0', id: message.id, error: { code: -32020, message: 'Header mismatch' } });
      return;
    case 'refused/html':
      response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not here</h1>');
      return;
    case 'notifications/refused':
      response.writeHead(500).end();
      return;
    default:
      // A subscription or a slow call: an event stream that stays open (`hold`) until the client ends it.
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(`data: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/hold' })}\n\n`);
  }
}

let server: Server;
let url: string;
const opened: AirlockTransport[] = [];

async function transport(
  requestTimeoutMs = 10_000,
): Promise<{ transport: AirlockTransport; received: JsonRpcMessage[] }> {
  const created = streamableHttpTransport({ url, requestTimeoutMs });
  const received: JsonRpcMessage[] = [];
  created.onmessage = (message) => received.push(message);
  await created.start();
  opened.push(created);
  return { transport: created, received };
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST') response.writeHead(405).end();
      else answer(JSON.parse(Buffer.concat(chunks).toString('utf8')) as JsonRpcMessage, request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/mcp`;
});

afterAll(async () => {
  for (const each of opened) await each.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('a Streamable HTTP transport', () => {
  it('takes a session id only from the answer to initialize, so a Client always runs its handshake', async () => {
    const { transport: link } = await transport();
    expect(await link.exchange('tools/list', {}, { timeoutMs: 5000 })).toMatchObject({ kind: 'result' });
    expect(link.sessionId).toBeUndefined();
    await link.send({ jsonrpc: '2.0', id: 0, method: 'initialize', params: {} });
    await expect.poll(() => link.sessionId).toBe('assigned');
    await link.exchange('tools/list', {}, { timeoutMs: 5000 });
    expect(seen.filter((entry) => entry.method !== 'initialize').map((entry) => entry.session)).toEqual([
      undefined,
      'assigned',
    ]);
  });

  it('answers an SDK request the endpoint refused with an error reply: the body’s JSON-RPC error, else the status', async () => {
    const { transport: link, received } = await transport();
    await link.send({ jsonrpc: '2.0', id: 1, method: 'refused/json' });
    await link.send({ jsonrpc: '2.0', id: 2, method: 'refused/html' });
    expect(received).toEqual([
      { jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'No valid session' } },
      {
        jsonrpc: '2.0',
        id: 2,
        error: { code: HTTP_REFUSED_CODE, message: expect.stringContaining('404'), data: { status: 404 } },
      },
    ]);
    await expect(link.send({ jsonrpc: '2.0', method: 'notifications/refused' })).rejects.toThrow(/500/);
  });

  it('fails the adapter’s refused request, unless the refusal is the JSON-RPC error for that very request', async () => {
    const { transport: link } = await transport();
    expect(await link.exchange('refused/json', {}, { timeoutMs: 5000 })).toEqual({ kind: 'failed' });
    const same = await link.exchange('refused/same-id', {}, { timeoutMs: 5000 });
    expect(same).toMatchObject({ kind: 'error' });
    expect(Buffer.from((same as { bytes: Uint8Array }).bytes).toString()).toBe(
      '{"code":-32020,"message":"Header mismatch"}',
    );
  });

  it('holds a subscription stream past the exchange deadline, which still ends a slow call', async () => {
    const { transport: link, received } = await transport(300);
    const ended: string[] = [];
    const listen = new AbortController();
    await link.send(
      { jsonrpc: '2.0', id: 'listen:0', method: 'subscriptions/listen', params: {} },
      { requestSignal: listen.signal, onRequestStreamEnd: () => ended.push('listen') },
    );
    await link.send(
      { jsonrpc: '2.0', id: 7, method: 'slow/call' },
      { onRequestStreamEnd: () => ended.push('call') },
    );
    await new Promise((resolve) => setTimeout(resolve, 800));
    const [subscription, call] = seen.slice(-2);
    expect(subscription).toMatchObject({ method: 'subscriptions/listen', closed: false });
    expect(call).toMatchObject({ method: 'slow/call', closed: true });
    expect(ended).toEqual(['call']);
    expect(received.filter((message) => message.method === 'notifications/hold')).toHaveLength(2);
    listen.abort();
    await expect.poll(() => subscription!.closed).toBe(true);
    expect(ended).toEqual(['call']);
  });
});

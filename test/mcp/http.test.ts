// The adapter over Streamable HTTP: server-everything's event streams read under the ceiling, and list changes on the GET stream.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamableHttpTransport } from '../../src/mcp/wire/http-link.js';
import {
  EVERYTHING,
  freePort,
  openSession,
  expectEcho,
  startHttpServer,
  TENANT,
  type HttpServer,
  type McpSession,
} from './support/real-servers.js';

const CONTEXT = { requestId: 'req.HttpCalls1', tenant: TENANT };
const CHANGING = fileURLToPath(new URL('./servers/changing-server.ts', import.meta.url));

const opened: Array<{ readonly session: McpSession; readonly server: HttpServer }> = [];

async function open(server: HttpServer, maxMessageBytes?: number): Promise<McpSession> {
  const options = { url: server.url, ...(maxMessageBytes === undefined ? {} : { maxMessageBytes }) };
  const session = await openSession(streamableHttpTransport(options), { source: 'mcp.http' });
  opened.push({ session, server });
  return session;
}

afterAll(async () => {
  for (const { session, server } of opened) {
    await session.close();
    server.stop();
  }
});

describe('server-everything over Streamable HTTP', () => {
  let everything: McpSession;

  beforeAll(async () => {
    const port = await freePort();
    const server = await startHttpServer([EVERYTHING, 'streamableHttp'], /listening on port (\d+)/, {
      PORT: String(port),
    });
    everything = await open(server, 64 * 1024);
  });

  it('keeps a session and gates every reply read from its event stream, evidence included', async () => {
    expect(everything.transport.sessionId).toMatch(/\S/);
    await expectEcho(everything, 'over http', CONTEXT);
  });

  it('ends an event over the ceiling as result_too_large, and the session serves the next call', async () => {
    const result = await everything.mcp.callTool('echo', { message: 'b'.repeat(100 * 1024) }, CONTEXT);
    expect(result.outcome).toMatchObject({ ok: false, error: { code: 'result_too_large' } });
    expect(everything.harness.records.at(-1)!.issue).toMatchObject({
      code: 'read.too_large',
      limit: 64 * 1024,
    });
    expect((await everything.mcp.callTool('echo', { message: 'again' }, CONTEXT)).outcome.ok).toBe(true);
    expect(await everything.client.ping()).toEqual({});
  });
});

describe('a changing McpServer over Streamable HTTP', () => {
  it('quarantines the changed tool when the notification arrives on the GET stream', async () => {
    const server = await startHttpServer(['--import', 'tsx', CHANGING, '--http'], /listening (\d+)/);
    const { mcp, harness } = await open(server);
    expect((await mcp.callTool('status', {}, CONTEXT)).outcome.ok).toBe(true);
    expect((await mcp.callTool('rewrite_status', {}, CONTEXT)).outcome.ok).toBe(true);
    await expect
      .poll(async () => (await harness.registry.status('status')).approved, { timeout: 10_000 })
      .toBe(false);
    expect((await mcp.callTool('status', {}, CONTEXT)).outcome).toMatchObject({
      error: { code: 'tool_unavailable' },
    });
  });

  it('stores evidence of every call the CLI reads back', async () => {
    for (const { session } of opened)
      expect((await session.harness.checkAll()).length).toBe(session.harness.records.length);
  });
});

// The adapter over Streamable HTTP: server-everything's event streams read under the ceiling, and list changes on the GET stream.
import { fileURLToPath } from 'node:url';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpToolClient, type McpToolClient } from '../../src/mcp/tool-client.js';
import { streamableHttpTransport } from '../../src/mcp/wire/http-link.js';
import type { AirlockTransport } from '../../src/mcp/wire/types.js';
import {
  approveAll,
  connectClient,
  EVERYTHING,
  evidenceHarness,
  freePort,
  parsedEvidence,
  startHttpServer,
  TENANT,
  type EvidenceHarness,
  type HttpServer,
} from './support/real-servers.js';

const CONTEXT = { requestId: 'req.HttpCalls1', tenant: TENANT };
const CHANGING = fileURLToPath(new URL('./servers/changing-server.ts', import.meta.url));

interface Session {
  readonly server: HttpServer;
  readonly transport: AirlockTransport;
  readonly client: Client;
  readonly mcp: McpToolClient;
}

let harness: EvidenceHarness;
const sessions: Session[] = [];

async function open(server: HttpServer, maxMessageBytes?: number): Promise<Session> {
  const transport = streamableHttpTransport({
    url: server.url,
    ...(maxMessageBytes === undefined ? {} : { maxMessageBytes }),
  });
  const client = await connectClient(transport);
  const mcp = createMcpToolClient({
    transport,
    gate: harness.gate,
    registry: harness.registry,
    source: 'mcp.http',
  });
  await approveAll(transport, harness.registry);
  const session = { server, transport, client, mcp };
  sessions.push(session);
  return session;
}

beforeAll(async () => {
  harness = await evidenceHarness();
});

afterAll(async () => {
  for (const session of sessions) {
    session.mcp.close();
    await session.client.close();
    session.server.stop();
  }
  await harness.close();
});

describe('server-everything over Streamable HTTP', () => {
  let everything: Session;

  beforeAll(async () => {
    const port = await freePort();
    const server = await startHttpServer([EVERYTHING, 'streamableHttp'], /listening on port (\d+)/, {
      PORT: String(port),
    });
    everything = await open(server, 64 * 1024);
  });

  it('keeps a session and gates every reply read from its event stream, evidence included', async () => {
    expect(everything.transport.sessionId).toMatch(/\S/);
    const result = await everything.mcp.callTool('echo', { message: 'over http' }, CONTEXT);
    expect(result.text.map((text) => text.value)).toEqual(['Echo: over http']);
    expect(parsedEvidence(await harness.evidenceOf(harness.records.at(-1)!))).toEqual({
      content: [{ type: 'text', text: 'Echo: over http' }],
    });
  });

  it('ends an event over the ceiling as result_too_large, and the session serves the next call', async () => {
    const result = await everything.mcp.callTool('echo', { message: 'b'.repeat(100 * 1024) }, CONTEXT);
    expect(result.outcome).toMatchObject({ ok: false, error: { code: 'result_too_large' } });
    expect(harness.records.at(-1)!.issue).toMatchObject({ code: 'read.too_large', limit: 64 * 1024 });
    expect((await everything.mcp.callTool('echo', { message: 'again' }, CONTEXT)).outcome.ok).toBe(true);
    expect(await everything.client.ping()).toEqual({});
  });
});

describe('a changing McpServer over Streamable HTTP', () => {
  it('quarantines the changed tool when the notification arrives on the GET stream', async () => {
    const server = await startHttpServer(['--import', 'tsx', CHANGING, '--http'], /listening (\d+)/);
    const { mcp } = await open(server);
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
    expect((await harness.checkAll()).length).toBe(harness.records.length);
  });
});

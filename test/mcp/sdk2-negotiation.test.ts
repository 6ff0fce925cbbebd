// A 2.x Client's ways into a connection through the Airlock transports: a silent probe, a stored discovery, its own listener.
import { fileURLToPath } from 'node:url';
import { StreamableHTTPClientTransport, type Client } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { stdioTransport } from '../../src/mcp/wire/stdio-link.js';
import { boundTransport } from '../../src/mcp/wire/wrapped-link.js';
import { revealUntrusted } from '../../src/taint/reveal.js';
import { asJson } from '../support/as-json.js';
import { openSession, parsedEvidence, TENANT, type McpSession } from './support/real-servers.js';
import { connectWith, sdk2Client, sdk2StdioArgs, startSdk2Http, wireLog } from './support/sdk2.js';

const CONTEXT = { requestId: 'req.Sdk2Connect', tenant: TENANT };
const SILENT = fileURLToPath(new URL('./servers/silent-probe-server.ts', import.meta.url));

let session: McpSession | undefined;

afterEach(async () => {
  await session?.close();
  session = undefined;
});

describe('a 2.x Client connecting through stdioTransport', () => {
  it('falls back to 2025-11-25 when the server leaves its version probe unanswered', async () => {
    const transport = stdioTransport({ command: process.execPath, args: ['--import', 'tsx', SILENT] });
    expect([transport.pid, transport.stderr]).toEqual([undefined, null]);
    const client = sdk2Client('auto', { versionNegotiation: { mode: 'auto', probe: { timeoutMs: 500 } } });
    session = await openSession(transport, { source: 'mcp.silent' }, connectWith(client));
    expect(transport.pid).toBeGreaterThan(0);
    expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
    const result = await session.mcp.callTool('greet', {}, CONTEXT);
    expect(result.text.map((text) => revealUntrusted(text))).toEqual(['hello']);
  });

  it('resumes a stored 2026-07-28 discovery: the adapter speaks first, in its own name, and is served', async () => {
    const probe = sdk2Client('auto');
    const first = stdioTransport({ command: process.execPath, args: sdk2StdioArgs() });
    await probe.connect(first);
    const discover = probe.getDiscoverResult()!;
    await probe.close();
    const client = sdk2Client('auto');
    const transport = stdioTransport({ command: process.execPath, args: sdk2StdioArgs() });
    const resume = async () => {
      await client.connect(transport, { prior: { kind: 'modern', discover } });
      return client;
    };
    session = await openSession(transport, { source: 'mcp.sdk2' }, resume);
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    const result = await session.mcp.callTool('weather', { city: 'Oslo' }, CONTEXT);
    expect(asJson(result.outcome)).toMatchObject({ ok: true, data: { city: 'Oslo' } });
  });

  it('ends a call the server answers with a request for input (2026-07-28) as a tool failure', async () => {
    const client = sdk2Client('auto', { capabilities: { elicitation: { form: {} } } });
    client.setRequestHandler('elicitation/create', () => ({ action: 'accept', content: { yes: true } }));
    const transport = stdioTransport({ command: process.execPath, args: sdk2StdioArgs() });
    session = await openSession(transport, { source: 'mcp.sdk2' }, connectWith(client));
    const result = await session.mcp.callTool('deploy', {}, CONTEXT);
    expect(result.outcome).toMatchObject({ ok: false, error: { code: 'upstream_error', retryable: false } });
    const record = session.harness.records.at(-1)!;
    expect(record.issue).toMatchObject({ code: 'read.tool_error' });
    expect(parsedEvidence(await session.harness.evidenceOf(record))).toMatchObject({
      resultType: 'input_required',
    });
  });

  it('keeps the adapter’s watch beside the application’s own list-change subscription (2026-07-28)', async () => {
    const changes: number[] = [];
    const client: Client = sdk2Client('auto', {
      listChanged: {
        tools: { onChanged: (_error, tools) => changes.push(tools?.length ?? -1), debounceMs: 0 },
      },
    });
    const transport = stdioTransport({ command: process.execPath, args: sdk2StdioArgs() });
    session = await openSession(transport, { source: 'mcp.sdk2' }, connectWith(client));
    expect(client.autoOpenedSubscription?.honoredFilter).toEqual({ toolsListChanged: true });
    expect((await session.mcp.callTool('rewrite_status', {}, CONTEXT)).outcome.ok).toBe(true);
    expect((await session.mcp.callTool('status', {}, CONTEXT)).outcome).toMatchObject({
      ok: false,
      error: { code: 'tool_unavailable' },
    });
    await expect.poll(() => changes.length).toBe(1);
  });
});

describe('boundTransport over the 2.x SDK’s own Streamable HTTP transport', () => {
  it('serves the adapter on a sessionless 2026-07-28 server, list changes included', async () => {
    const log = wireLog();
    const server = await startSdk2Http(log);
    try {
      const inner = new StreamableHTTPClientTransport(new URL('/modern', server.url));
      const transport = boundTransport(inner);
      expect(transport.hasPerRequestStream).toBe(true);
      const client = sdk2Client('auto');
      session = await openSession(transport, { source: 'mcp.sdk2' }, connectWith(client));
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      const weather = await session.mcp.callTool('weather', { city: 'Oslo' }, CONTEXT);
      expect(asJson(weather.outcome)).toMatchObject({ ok: true, data: { city: 'Oslo', tempC: 21 } });
      expect((await session.mcp.callTool('rewrite_status', {}, CONTEXT)).outcome.ok).toBe(true);
      const { registry } = session.harness;
      await expect
        .poll(async () => (await registry.status('status')).approved, { timeout: 10_000 })
        .toBe(false);
    } finally {
      await session?.close();
      session = undefined;
      server.stop();
      log.remove();
    }
  });
});

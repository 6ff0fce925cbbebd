// The adapter with a 2.x Client against a 2.x server: stdio and HTTP, sessionless 2026-07-28 and 2025-11-25 sessions.
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../sinks/markdown/render.js';
import { buildPrompt } from '../../sinks/prompt/build.js';
import { DEFAULT_EGRESS_POLICY } from '../../src/egress/policy.js';
import { stdioTransport } from '../../src/mcp/wire/stdio-link.js';
import { streamableHttpTransport } from '../../src/mcp/wire/http-link.js';
import { RESULT_TOO_LARGE_CODE, type AirlockTransport } from '../../src/mcp/wire/types.js';
import { revealUntrusted } from '../../src/taint/reveal.js';
import { UntrustedPlacementError } from '../../src/taint/trusted.js';
import { isUntrusted } from '../../src/taint/untrusted.js';
import { asJson } from '../support/as-json.js';
import { GITHUB_TOKEN, HUGE_BYTES, REWRITTEN } from './servers/sdk2-tools.js';
import { approveAll, openSession, TENANT, type HttpServer, type McpSession } from './support/real-servers.js';
import {
  connectWith,
  sdk2Client,
  sdk2StdioArgs,
  startSdk2Http,
  wireLog,
  type Negotiation,
  type WireLog,
} from './support/sdk2.js';

const CONTEXT = { requestId: 'req.Sdk2Server1', tenant: TENANT };

/** One way of reaching the server, and what the connection then is. */
interface Case {
  readonly name: string;
  /** `stdio`, or the HTTP endpoint. */
  readonly over: 'stdio' | '/modern' | '/stateful';
  readonly negotiation: Negotiation;
  readonly revision: '2025-11-25' | '2026-07-28';
  /** The server can tell the client its tools changed (a stateless 2025 exchange has no stream for it). */
  readonly notices: boolean;
  /** A notice travels on the stream its reply does, so it comes first. */
  readonly ordered: boolean;
}

const CASES: readonly Case[] = [
  {
    name: 'stdio (serveStdio), default negotiation',
    over: 'stdio',
    negotiation: 'default',
    revision: '2025-11-25',
    notices: true,
    ordered: true,
  },
  {
    name: 'stdio (serveStdio), auto negotiation',
    over: 'stdio',
    negotiation: 'auto',
    revision: '2026-07-28',
    notices: true,
    ordered: true,
  },
  {
    name: 'HTTP createMcpHandler, default negotiation (stateless 2025 fallback)',
    over: '/modern',
    negotiation: 'default',
    revision: '2025-11-25',
    notices: false,
    ordered: false,
  },
  {
    name: 'HTTP createMcpHandler, auto negotiation (sessionless)',
    over: '/modern',
    negotiation: 'auto',
    revision: '2026-07-28',
    notices: true,
    ordered: false,
  },
  {
    name: 'HTTP sessions, default negotiation',
    over: '/stateful',
    negotiation: 'default',
    revision: '2025-11-25',
    notices: true,
    ordered: false,
  },
  {
    name: 'HTTP sessions, auto negotiation (probe refused, falls back)',
    over: '/stateful',
    negotiation: 'auto',
    revision: '2025-11-25',
    notices: true,
    ordered: false,
  },
];

describe.each(CASES)('a 2.x Client and server: $name', (c) => {
  let log: WireLog;
  let server: HttpServer | undefined;
  let client: Client;
  let session: McpSession;

  beforeAll(async () => {
    log = wireLog();
    let transport: AirlockTransport;
    if (c.over === 'stdio') {
      const env = { SDK2_WIRE_LOG: log.path };
      transport = stdioTransport({ command: process.execPath, args: sdk2StdioArgs(), env });
    } else {
      server = await startSdk2Http(log);
      transport = streamableHttpTransport({ url: new URL(c.over, server.url) });
    }
    client = sdk2Client(c.negotiation);
    session = await openSession(transport, { source: 'mcp.sdk2' }, connectWith(client));
  });

  afterAll(async () => {
    await session.close();
    server?.stop();
    log.remove();
  });

  it(`negotiates ${c.revision}, with a session only on the session endpoint`, () => {
    expect(client.getNegotiatedProtocolVersion()).toBe(c.revision);
    if (c.over === '/stateful') expect(session.transport.sessionId).toMatch(/\S/);
    else expect(session.transport.sessionId).toBeUndefined();
  });

  it('hands hostile prose over cleaned, and only as untrusted text no prompt or page can mistake', async () => {
    const result = await session.mcp.callTool('hostile', {}, CONTEXT);
    expect(result.outcome).toMatchObject({ ok: true, data: null });
    expect(result.text).toHaveLength(1);
    const prose = result.text[0]!;
    expect(isUntrusted(prose)).toBe(true);
    expect(revealUntrusted(prose)).not.toContain('\u202E');
    expect(result.findings).toContainEqual(expect.objectContaining({ code: 'text.bidi_control' }));
    expect(() => buildPrompt({ system: [prose as unknown as string] })).toThrow(UntrustedPlacementError);
    const prompt = buildPrompt({ system: ['You summarise tickets.'], context: [prose] });
    const rendered = JSON.stringify(prompt.messages);
    expect(rendered).not.toContain('<|im_start|>');
    expect(rendered).not.toContain('</untrusted-000000000000000000000000>');
    expect(renderMarkdown(prose, { policy: DEFAULT_EGRESS_POLICY }).html).not.toContain('<img');
  });

  it('redacts a planted token from all the agent gets, keeping it in the vault only', async () => {
    const result = await session.mcp.callTool('leak', {}, CONTEXT);
    expect(result.text.map((text) => revealUntrusted(text))).toEqual([
      'Deploy notes: use [redacted:secret:github] for the registry.',
    ]);
    const record = session.harness.records.at(-1)!;
    expect(record.findings).toContainEqual(expect.objectContaining({ code: 'text.secret', count: 1 }));
    expect(JSON.stringify([result, record])).not.toContain(GITHUB_TOKEN.slice(4, 16));
    expect((await session.harness.evidenceOf(record)).toString('utf8')).toContain(GITHUB_TOKEN);
  });

  it('checks structured content against the published output schema, hardened', async () => {
    const weather = (await session.mcp.listTools()).find((review) => review.name === 'weather');
    expect(weather?.contract).toMatchObject({ source: 'server' });
    const result = await session.mcp.callTool('weather', { city: 'Oslo' }, CONTEXT);
    expect(asJson(result.outcome)).toMatchObject({
      ok: true,
      data: { city: 'Oslo', tempC: 21, conditions: 'Light rain' },
      meta: { schemaVersion: weather?.contract?.version, purposes: { '/conditions': 'text' } },
    });
  });

  it('ends a 6 MB result as result_too_large below both SDKs, and the connection serves the next call', async () => {
    const result = await session.mcp.callTool('huge', {}, CONTEXT);
    expect(result.outcome).toMatchObject({
      ok: false,
      error: { code: 'result_too_large', retryable: false },
    });
    // The size is what had arrived when reading stopped: all of it, or (a JSON body) the part over the ceiling.
    const size = result.findings.find((finding) => finding.code === 'mcp.reply_too_large');
    expect(size?.detail?.bytes).toBeGreaterThan(session.transport.maxMessageBytes);
    expect(size?.detail?.bytes).toBeLessThanOrEqual(HUGE_BYTES + 1024);
    expect((await session.mcp.callTool('weather', { city: 'Oslo' }, CONTEXT)).outcome.ok).toBe(true);
    const own: unknown = await client.callTool({ name: 'huge' }).catch((error: unknown) => error);
    expect(own).toMatchObject({ code: RESULT_TOO_LARGE_CODE });
    expect((await client.listTools()).tools.length).toBeGreaterThan(5);
  });

  it('ends a call past its deadline as timeout, and the connection serves the next call', async () => {
    const hasty = session.adapter({ requestTimeoutMs: 300 });
    expect((await hasty.callTool('slow', {}, CONTEXT)).outcome).toMatchObject({
      ok: false,
      error: { code: 'timeout', retryable: true },
    });
    expect(session.harness.records.at(-1)!.issue).toMatchObject({ code: 'read.timeout' });
    expect((await hasty.callTool('weather', { city: 'Oslo' }, CONTEXT)).outcome.ok).toBe(true);
    hasty.close();
  });

  it('quarantines a tool changed without notice at the next listing, and calls it no more', async () => {
    expect((await session.mcp.callTool('quiet', {}, CONTEXT)).outcome.ok).toBe(true);
    expect((await session.mcp.callTool('rewrite_quiet', {}, CONTEXT)).outcome.ok).toBe(true);
    const quiet = (await session.mcp.listTools()).find((review) => review.name === 'quiet');
    expect(quiet).toMatchObject({ status: 'quarantined', reason: 'changed' });
    expect((await session.mcp.callTool('quiet', {}, CONTEXT)).outcome).toMatchObject({
      ok: false,
      error: { code: 'tool_unavailable' },
    });
  });

  // A stateless 2025 exchange has no stream for a notice: there the change is caught at the next listing (above).
  if (c.notices)
    it('quarantines a tool changed with notice before its next call, without a listing', async () => {
      const { mcp, harness } = session;
      expect((await mcp.callTool('status', {}, CONTEXT)).text.map((text) => revealUntrusted(text))).toEqual([
        'status ok, call 1',
      ]);
      expect((await mcp.callTool('rewrite_status', {}, CONTEXT)).outcome.ok).toBe(true);
      if (!c.ordered)
        await expect
          .poll(async () => (await harness.registry.status('status')).approved, { timeout: 10_000 })
          .toBe(false);
      expect((await mcp.callTool('status', {}, CONTEXT)).outcome).toMatchObject({
        ok: false,
        error: { code: 'tool_unavailable' },
      });
      // The operator approves the new definition: the tool works again, never called while quarantined.
      await approveAll(session.transport, harness.registry);
      const approved = (await harness.registry.status('status')).definition as { description?: string };
      expect(approved.description).toBe(REWRITTEN);
      expect((await mcp.callTool('status', {}, CONTEXT)).text.map((text) => revealUntrusted(text))).toEqual([
        'status ok, call 2',
      ]);
    });

  it('keeps as evidence of every call the exact bytes of its result as the server wrote them', async () => {
    const evidence = await session.harness.checkAll();
    expect(evidence.length).toBe(session.harness.records.length);
    for (const [index, bytes] of evidence.entries()) {
      if (session.harness.records[index]!.issue?.code === 'read.timeout') expect(bytes.length).toBe(0);
      else expect(log.holds(bytes) && bytes.length > 0).toBe(true);
    }
  });
});

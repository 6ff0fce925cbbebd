// The MCP adapter against a real SDK server serving hostile results: every result is pinned, bounded and gated.
import { asJson } from '../support/as-json.js';
import { revealUntrusted } from '../../src/taint/reveal.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildPrompt } from '../../sinks/prompt/build.js';
import { memoryAuditSink } from '../../src/audit/sinks.js';
import { createToolRegistry, type ToolRegistry } from '../../src/calls/registry.js';
import { createMemoryToolStore } from '../../src/calls/stores/memory.js';
import { createGate } from '../../src/gate/create-gate.js';
import { createMcpToolClient, type McpToolClient } from '../../src/mcp/tool-client.js';
import { isUntrusted } from '../../src/taint/untrusted.js';
import { UntrustedPlacementError } from '../../src/taint/trusted.js';
import {
  INJECTION,
  startMaliciousServer,
  TICKET_OUTPUT_SCHEMA,
  type MaliciousServer,
} from './malicious-server.js';

const CONTEXT = { requestId: 'req.Mcp00001' };
const PINNED = ['get_ticket', 'extra_fields', 'error_success', 'huge', 'violates', 'many_blocks', 'rug'];
const contracts = Object.fromEntries(
  PINNED.map((name) => [name, { version: 'ticket.v1', schema: TICKET_OUTPUT_SCHEMA }]),
);

let server: MaliciousServer;
let registry: ToolRegistry;
let audit: ReturnType<typeof memoryAuditSink>;
let adapter: McpToolClient;

/** Lists once as the operator would, approving every definition then seen (the first listing). */
async function approveFirstListing(): Promise<void> {
  const { tools } = await server.client.listTools();
  for (const tool of tools) await registry.approve(tool);
}

beforeEach(async () => {
  server = await startMaliciousServer();
  registry = createToolRegistry({ store: createMemoryToolStore() });
  audit = memoryAuditSink();
  adapter = createMcpToolClient({
    transport: server.transport,
    gate: createGate({ audit }),
    registry,
    contracts,
    source: 'mcp.tickets',
  });
});

afterEach(async () => {
  await server.close();
});

describe('pinning MCP tool definitions', () => {
  it('quarantines every tool until approved, and never calls a quarantined one', async () => {
    const verdicts = await adapter.listTools();
    expect(
      verdicts.every((verdict) => verdict.status === 'quarantined' && verdict.reason === 'unapproved'),
    ).toBe(true);
    const result = await adapter.callTool('get_ticket', { id: 'T-42' }, CONTEXT);
    expect(result.outcome).toMatchObject({ ok: false, error: { code: 'tool_unavailable' } });
    expect(server.calls).toEqual([]);
  });

  it('quarantines a tool whose description changed between listings (rug pull) and stops calling it', async () => {
    await approveFirstListing();
    expect((await adapter.callTool('rug', {}, CONTEXT)).outcome.ok).toBe(true);
    const verdicts = await adapter.listTools();
    expect(server.listings()).toBe(2);
    expect(verdicts.find((verdict) => verdict.status === 'quarantined')).toMatchObject({
      name: 'rug',
      reason: 'changed',
    });
    expect(verdicts.filter((verdict) => verdict.status === 'approved')).toHaveLength(PINNED.length);
    const after = await adapter.callTool('rug', {}, CONTEXT);
    expect(after.outcome).toMatchObject({ ok: false, error: { code: 'tool_unavailable' } });
    expect(server.calls).toEqual(['rug']);
  });

  it('uses a server outputSchema only once its definition is approved', async () => {
    await adapter.listTools();
    expect((await adapter.callTool('server_schema', {}, CONTEXT)).outcome).toMatchObject({
      error: { code: 'tool_unavailable' },
    });
    await approveFirstListing();
    const result = await adapter.callTool('server_schema', {}, CONTEXT);
    expect(asJson(result.outcome)).toMatchObject({
      ok: true,
      data: { id: 'T-42', status: 'open' },
      meta: { schemaVersion: expect.stringMatching(/^mcp\.[0-9a-f]{16}$/) },
    });
  });
});

describe('gating MCP tool results', () => {
  beforeEach(approveFirstListing);

  it('validates structuredContent against the pinned contract and returns text blocks as untrusted prose', async () => {
    const result = await adapter.callTool('get_ticket', { id: 'T-42' }, CONTEXT);
    expect(result.outcome).toMatchObject({
      ok: true,
      data: { id: 'T-42', status: 'open' },
      meta: { schemaVersion: 'ticket.v1' },
    });
    expect(result.text).toHaveLength(1);
    expect(isUntrusted(result.text[0])).toBe(true);
    expect(result.text[0]!.source).toBe('mcp.tickets');
    const prompt = buildPrompt({
      system: ['You summarise tickets.'],
      context: [result.text[0]!],
      instructions: ['Summarise.'],
    });
    expect(prompt.messages[0]!.content).not.toContain('evil.example');
    expect(prompt.messages[1]!.content).not.toContain('<|im_start|>');
    expect(() => buildPrompt({ system: [result.text[0] as unknown as string] })).toThrow(
      UntrustedPlacementError,
    );
  });

  it('refuses structuredContent with an extra field, and ignores extra members of the result', async () => {
    const result = await adapter.callTool('extra_fields', {}, CONTEXT);
    expect(result.outcome).toMatchObject({ ok: false, error: { code: 'schema_mismatch', retryable: false } });
    expect(result.text).toEqual([]);
    expect(JSON.stringify(result)).not.toContain('admin_override');
  });

  it('refuses structuredContent that violates the pinned schema (the seed 000 state drift)', async () => {
    const result = await adapter.callTool('violates', {}, CONTEXT);
    expect(result.outcome).toMatchObject({ ok: false, error: { code: 'schema_mismatch' } });
    expect(JSON.stringify(result)).not.toContain('production');
  });

  it('makes isError a typed failure, whatever success the body claims, and passes no prose on', async () => {
    const result = await adapter.callTool('error_success', {}, CONTEXT);
    expect(result.outcome).toMatchObject({ ok: false, error: { code: 'upstream_error', retryable: false } });
    expect(result.text).toEqual([]);
    expect(audit.records.at(-1)).toMatchObject({
      outcome: 'rejected',
      issue: { stage: 'read', code: 'read.tool_error' },
    });
  });

  it('ends a reply over the transport ceiling as result_too_large before the SDK reads it, keeping its head as evidence', async () => {
    const result = await adapter.callTool('huge', {}, CONTEXT);
    expect(result.outcome).toMatchObject({ ok: false, error: { code: 'result_too_large' } });
    const record = audit.records.at(-1)!;
    expect(record.issue).toMatchObject({ code: 'read.too_large', limit: 2 * 1024 * 1024 });
    expect(record.issue!.actual!).toBeGreaterThan(2 * 1024 * 1024);
    expect(record.rawBytes).toBe(2 * 1024 * 1024);
    // The read stage stops at its ceiling; the reply's full size is the transport's to report.
    const size = result.findings.find((finding) => finding.code === 'mcp.reply_too_large');
    expect(size?.detail?.bytes).toBeGreaterThan(6 * 1024 * 1024);
  });

  it('bounds, cleans and counts text blocks, and leaves out what is not text', async () => {
    const result = await adapter.callTool('many_blocks', {}, CONTEXT);
    expect(result.outcome.ok).toBe(true);
    expect(result.text).toHaveLength(16);
    expect(result.omitted).toBe(41 - 16);
    expect(result.text.every((block) => !/[\u202E\u200B]/u.test(revealUntrusted(block)))).toBe(true);
    expect(result.findings.map((finding) => finding.code)).toContain('text.bidi_control');
  });

  it('calls nothing for an offline tool, and cuts a metadata-only tool to identifiers and status without prose', async () => {
    await registry.setState('get_ticket', 'offline');
    expect((await adapter.callTool('get_ticket', {}, CONTEXT)).outcome).toMatchObject({
      error: { code: 'tool_unavailable' },
    });
    expect(server.calls).toEqual([]);
    await registry.setState('get_ticket', 'metadata-only');
    const cut = await adapter.callTool('get_ticket', {}, CONTEXT);
    expect(cut).toMatchObject({
      projection: 'metadata-only',
      text: [],
      outcome: { ok: true, data: { id: 'T-42', status: 'open' } },
    });
    expect(JSON.stringify(cut)).not.toContain(INJECTION.slice(0, 12));
  });

  it('ends a JSON-RPC error from the server as a non-retryable upstream failure', async () => {
    await registry.approve({ name: 'missing_tool', description: 'Not served.' });
    const result = await adapter.callTool('missing_tool', {}, CONTEXT);
    expect(result.outcome).toMatchObject({ ok: false, error: { code: 'upstream_error', retryable: false } });
  });
});

describe('bounding before parsing', () => {
  it('measures the serialized result against the contract ceiling when the transport ceiling is higher', async () => {
    const roomy = await startMaliciousServer(16 * 1024 * 1024);
    try {
      const roomyRegistry = createToolRegistry({ store: createMemoryToolStore() });
      const { tools } = await roomy.client.listTools();
      for (const tool of tools) await roomyRegistry.approve(tool);
      const roomyAudit = memoryAuditSink();
      const client = createMcpToolClient({
        transport: roomy.transport,
        gate: createGate({ audit: roomyAudit }),
        registry: roomyRegistry,
        contracts,
        source: 'mcp.tickets',
      });
      expect((await client.callTool('huge', {}, CONTEXT)).outcome).toMatchObject({
        error: { code: 'result_too_large' },
      });
      expect(roomyAudit.records.at(-1)!.issue).toMatchObject({ code: 'read.too_large' });
    } finally {
      await roomy.close();
    }
  });

  it('refuses a pinned contract that allows more than the transport ceiling', () => {
    const wide = {
      version: 'v',
      schema: TICKET_OUTPUT_SCHEMA,
      limits: { read: { maxRawBytes: 8 * 1024 * 1024 } },
    };
    expect(() =>
      createMcpToolClient({
        transport: server.transport,
        gate: createGate({ audit }),
        registry,
        contracts: { get_ticket: wide },
        source: 'mcp.tickets',
      }),
    ).toThrow(TypeError);
  });
});

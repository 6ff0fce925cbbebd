// tools/list_changed and refused schemas against a tiny real McpServer over stdio: quarantine without a manual re-list.
import { fileURLToPath } from 'node:url';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpToolClient, type McpToolClient } from '../../src/mcp/tool-client.js';
import type { AirlockTransport } from '../../src/mcp/wire/types.js';
import { stdioTransport } from '../../src/mcp/wire/stdio-link.js';
import {
  approveAll,
  connectClient,
  evidenceHarness,
  TENANT,
  type EvidenceHarness,
} from './support/real-servers.js';

const SERVER = fileURLToPath(new URL('./servers/changing-server.ts', import.meta.url));
const CONTEXT = { requestId: 'req.Changing01', tenant: TENANT };
const REFUSED = 'mcp.text-only+refused:contract.invalid_schema';

let harness: EvidenceHarness;
let transport: AirlockTransport;
let client: Client;
let mcp: McpToolClient;

beforeAll(async () => {
  harness = await evidenceHarness();
  transport = stdioTransport({ command: process.execPath, args: ['--import', 'tsx', SERVER] });
  client = await connectClient(transport);
  mcp = createMcpToolClient({
    transport,
    gate: harness.gate,
    registry: harness.registry,
    source: 'mcp.changing',
  });
  await approveAll(transport, harness.registry);
});

afterAll(async () => {
  mcp.close();
  await client.close();
  await harness.close();
});

describe('a server whose tools change', () => {
  it('reports a refused output schema in the listing, with its code and location', async () => {
    const slug = (await mcp.listTools()).find((review) => review.name === 'slug');
    expect(slug).toMatchObject({
      status: 'approved',
      contract: { source: 'refused', version: REFUSED, refusal: { code: 'contract.invalid_schema' } },
    });
  });

  it('uses a tool with a refused schema as text-only, the refusal in the outcome and the audit record', async () => {
    const result = await mcp.callTool('slug', {}, CONTEXT);
    expect(result.outcome).toMatchObject({ ok: true, data: null, meta: { schemaVersion: REFUSED } });
    expect(result.text.map((text) => text.value)).toEqual(['{"slug":"a-b"}']);
    expect(harness.records.at(-1)).toMatchObject({ outcome: 'accepted', schemaVersion: REFUSED });
    const strict = createMcpToolClient({
      transport,
      gate: harness.gate,
      registry: harness.registry,
      source: 'mcp.changing',
      serverSchemas: { onRefused: 'unavailable' },
    });
    expect((await strict.callTool('slug', {}, CONTEXT)).outcome).toMatchObject({
      ok: false,
      error: { code: 'tool_unavailable' },
      meta: { schemaVersion: REFUSED },
    });
    strict.close();
  });

  it('quarantines a tool whose description changed before the next call, without a manual re-list', async () => {
    const first = await mcp.callTool('status', {}, CONTEXT);
    expect(first.text.map((text) => text.value)).toEqual(['status ok, call 1']);
    expect((await mcp.callTool('rewrite_status', {}, CONTEXT)).outcome.ok).toBe(true);
    const after = await mcp.callTool('status', {}, CONTEXT);
    expect(after.outcome).toMatchObject({ ok: false, error: { code: 'tool_unavailable' } });
    const status = await harness.registry.status('status');
    expect(status.approved).toBe(false);
    // The operator approves the new definition: the tool works again, and was never called while quarantined.
    await approveAll(transport, harness.registry);
    const approved = await mcp.callTool('status', {}, CONTEXT);
    expect(approved.text.map((text) => text.value)).toEqual(['status ok, call 2']);
  });

  it('stores evidence of every call the CLI reads back', async () => {
    expect((await harness.checkAll()).length).toBe(harness.records.length);
  });
});

// tools/list_changed and refused schemas against a tiny real McpServer over stdio: quarantine without a manual re-list.
import { revealUntrusted } from '../../src/taint/reveal.js';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpToolClient } from '../../src/mcp/tool-client.js';
import { stdioTransport } from '../../src/mcp/wire/stdio-link.js';
import {
  approveAll,
  openSession,
  TENANT,
  type EvidenceHarness,
  type McpSession,
} from './support/real-servers.js';

const SERVER = fileURLToPath(new URL('./servers/changing-server.ts', import.meta.url));
const CONTEXT = { requestId: 'req.Changing01', tenant: TENANT };
const REFUSED = 'mcp.text-only+refused:contract.invalid_schema';

let session: McpSession;
let harness: EvidenceHarness;
let mcp: McpToolClient;

beforeAll(async () => {
  const transport = stdioTransport({ command: process.execPath, args: ['--import', 'tsx', SERVER] });
  session = await openSession(transport, { source: 'mcp.changing' });
  ({ harness, mcp } = session);
});

afterAll(() => session.close());

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
    expect(result.text.map((text) => revealUntrusted(text))).toEqual(['{"slug":"a-b"}']);
    expect(harness.records.at(-1)).toMatchObject({ outcome: 'accepted', schemaVersion: REFUSED });
    const strict = session.adapter({ serverSchemas: { onRefused: 'unavailable' } });
    expect((await strict.callTool('slug', {}, CONTEXT)).outcome).toMatchObject({
      ok: false,
      error: { code: 'tool_unavailable' },
      meta: { schemaVersion: REFUSED },
    });
    strict.close();
  });

  it('quarantines a tool whose description changed before the next call, without a manual re-list', async () => {
    const first = await mcp.callTool('status', {}, CONTEXT);
    expect(first.text.map((text) => revealUntrusted(text))).toEqual(['status ok, call 1']);
    expect((await mcp.callTool('rewrite_status', {}, CONTEXT)).outcome.ok).toBe(true);
    const after = await mcp.callTool('status', {}, CONTEXT);
    expect(after.outcome).toMatchObject({ ok: false, error: { code: 'tool_unavailable' } });
    const status = await harness.registry.status('status');
    expect(status.approved).toBe(false);
    // The operator approves the new definition: the tool works again, and was never called while quarantined.
    await approveAll(session.transport, harness.registry);
    const approved = await mcp.callTool('status', {}, CONTEXT);
    expect(approved.text.map((text) => revealUntrusted(text))).toEqual(['status ok, call 2']);
  });

  it('stores evidence of every call the CLI reads back', async () => {
    expect((await harness.checkAll()).length).toBe(harness.records.length);
  });
});

// A second SDK copy (1.17.5, aliased) as the application's Client: the adapter's codes stay right, nothing crosses copies.
import { revealUntrusted } from '../../src/taint/reveal.js';
import { Client as AltClient } from 'mcp-sdk-alt/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpToolClient } from '../../src/mcp/tool-client.js';
import { RESULT_TOO_LARGE_CODE } from '../../src/mcp/wire/types.js';
import {
  EVERYTHING,
  openSession,
  spawnServer,
  TENANT,
  type EvidenceHarness,
  type McpSession,
} from './support/real-servers.js';

const CONTEXT = { requestId: 'req.AltSdk0001', tenant: TENANT };
const CEILING = 64 * 1024;
const LONG = 'a'.repeat(100 * 1024);

let session: McpSession;
let harness: EvidenceHarness;
let client: AltClient;
let mcp: McpToolClient;

beforeAll(async () => {
  client = new AltClient({ name: 'app-on-sdk-1.17', version: '1.0.0' });
  const transport = spawnServer(EVERYTHING, ['stdio'], { maxMessageBytes: CEILING });
  session = await openSession(
    transport,
    { source: 'mcp.everything', requestTimeoutMs: 1500 },
    async (connecting) => {
      await client.connect(connecting);
      return client;
    },
  );
  ({ harness, mcp } = session);
});

afterAll(() => session.close());

describe('an application Client from SDK 1.17.5', () => {
  it('connects through the Airlock transport and calls tools through the adapter', async () => {
    const result = await mcp.callTool('echo', { message: 'from an older SDK' }, CONTEXT);
    expect(result.text.map((text) => revealUntrusted(text))).toEqual(['Echo: from an older SDK']);
  });

  it('ends an oversized reply as result_too_large, not a retryable upstream_error, and keeps the connection', async () => {
    const result = await mcp.callTool('echo', { message: LONG }, CONTEXT);
    expect(result.outcome).toMatchObject({
      ok: false,
      error: { code: 'result_too_large', retryable: false },
    });
    expect(harness.records.at(-1)!.issue).toMatchObject({ code: 'read.too_large' });
    expect((await mcp.callTool('echo', { message: 'still here' }, CONTEXT)).outcome.ok).toBe(true);
    expect(await client.ping()).toEqual({});
  });

  it("fails the older Client's own oversized request with the ceiling's code, compared structurally", async () => {
    const error: unknown = await client
      .callTool({ name: 'echo', arguments: { message: LONG } })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: RESULT_TOO_LARGE_CODE });
    expect((error as Error).message).not.toContain('aaaa');
    expect(await client.ping()).toEqual({});
  });

  it('ends a call past its deadline as timeout', async () => {
    const result = await mcp.callTool('trigger-long-running-operation', { duration: 3, steps: 3 }, CONTEXT);
    expect(result.outcome).toMatchObject({ ok: false, error: { code: 'timeout' } });
  });

  it('keeps a tool error a non-retryable upstream_error with its explanation', async () => {
    const result = await mcp.callTool('get-sum', { a: 1 }, CONTEXT);
    expect(result.outcome).toMatchObject({ ok: false, error: { code: 'upstream_error', retryable: false } });
    expect(revealUntrusted(result.errorText[0]!)).toContain('get-sum');
  });

  it('stores evidence of every call the CLI reads back', async () => {
    expect((await harness.checkAll()).length).toBe(harness.records.length);
  });
});

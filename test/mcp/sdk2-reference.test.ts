// The reference servers (1.x SDK servers) with a 2.x Client, default and `auto` negotiation: the adapter's outcomes hold.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamableHttpTransport } from '../../src/mcp/wire/http-link.js';
import { RESULT_TOO_LARGE_CODE } from '../../src/mcp/wire/types.js';
import { revealUntrusted } from '../../src/taint/reveal.js';
import { asJson } from '../support/as-json.js';
import {
  EVERYTHING,
  FILESYSTEM,
  freePort,
  openSession,
  expectEcho,
  spawnServer,
  startHttpServer,
  TENANT,
  type HttpServer,
  type McpSession,
} from './support/real-servers.js';
import { connectWith, sdk2Client, type Negotiation } from './support/sdk2.js';

const CONTEXT = { requestId: 'req.Sdk2Refs01', tenant: TENANT };
const CEILING = 64 * 1024;
const LONG = 'a'.repeat(100 * 1024);
const NEGOTIATIONS: readonly Negotiation[] = ['default', 'auto'];

/** Checks that every call so far left evidence the CLI reads back with the audited digest. */
async function everyCallHasEvidence(session: McpSession): Promise<void> {
  expect((await session.harness.checkAll()).length).toBe(session.harness.records.length);
}

describe.each(NEGOTIATIONS)(
  'server-everything over stdio, a 2.x Client with %s negotiation',
  (negotiation) => {
    let client: Client;
    let session: McpSession;

    beforeAll(async () => {
      client = sdk2Client(negotiation);
      const transport = spawnServer(EVERYTHING, ['stdio'], { maxMessageBytes: CEILING });
      const options = { source: 'mcp.everything', requestTimeoutMs: 1500 };
      session = await openSession(transport, options, connectWith(client));
    });

    afterAll(() => session.close());

    it('negotiates 2025-11-25 (the server knows no later revision) and gates each result’s wire bytes', async () => {
      expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
      await expectEcho(session, 'from the 2.x SDK', CONTEXT);
    });

    it('validates structured content against the hardened server schema', async () => {
      const result = await session.mcp.callTool('get-structured-content', { location: 'Chicago' }, CONTEXT);
      expect(asJson(result.outcome)).toMatchObject({
        ok: true,
        data: { temperature: 36, conditions: 'Light rain / drizzle', humidity: 82 },
      });
    });

    it('ends an oversized reply as result_too_large, and the connection serves the next call', async () => {
      const result = await session.mcp.callTool('echo', { message: LONG }, CONTEXT);
      expect(result.outcome).toMatchObject({
        ok: false,
        error: { code: 'result_too_large', retryable: false },
      });
      expect((await session.mcp.callTool('echo', { message: 'still here' }, CONTEXT)).outcome.ok).toBe(true);
      expect(await client.ping()).toEqual({});
    });

    it("fails the Client's own oversized request with the ceiling's code, without its text", async () => {
      const error: unknown = await client
        .callTool({ name: 'echo', arguments: { message: LONG } })
        .catch((caught: unknown) => caught);
      expect(error).toMatchObject({ code: RESULT_TOO_LARGE_CODE });
      expect((error as Error).message).not.toContain('aaaa');
    });

    it('ends a call past its deadline as timeout, and a tool error as upstream_error with its words', async () => {
      const slow = await session.mcp.callTool(
        'trigger-long-running-operation',
        { duration: 3, steps: 3 },
        CONTEXT,
      );
      expect(slow.outcome).toMatchObject({ ok: false, error: { code: 'timeout' } });
      const wrong = await session.mcp.callTool('get-sum', { a: 1 }, CONTEXT);
      expect(wrong.outcome).toMatchObject({ ok: false, error: { code: 'upstream_error', retryable: false } });
      expect(revealUntrusted(wrong.errorText[0]!)).toContain('get-sum');
      await everyCallHasEvidence(session);
    });
  },
);

describe.each(NEGOTIATIONS)(
  'server-filesystem over stdio, a 2.x Client with %s negotiation',
  (negotiation) => {
    let root: string;
    let session: McpSession;

    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), 'airlock-fs2-'));
      writeFileSync(join(root, 'small.txt'), 'hello from a small file\n');
      writeFileSync(join(root, 'huge.txt'), 'x'.repeat(6 * 1024 * 1024));
      session = await openSession(
        spawnServer(FILESYSTEM, [root]),
        { source: 'mcp.files' },
        connectWith(sdk2Client(negotiation)),
      );
    });

    afterAll(async () => {
      await session.close();
      rmSync(root, { recursive: true, force: true });
    });

    it('reads a file through the server schema, and ends a 6 MB one as result_too_large', async () => {
      const small = await session.mcp.callTool('read_text_file', { path: join(root, 'small.txt') }, CONTEXT);
      expect(asJson(small.outcome)).toMatchObject({
        ok: true,
        data: { content: 'hello from a small file\n' },
      });
      const huge = await session.mcp.callTool('read_text_file', { path: join(root, 'huge.txt') }, CONTEXT);
      expect(huge.outcome).toMatchObject({ ok: false, error: { code: 'result_too_large' } });
      const next = await session.mcp.callTool('read_text_file', { path: join(root, 'small.txt') }, CONTEXT);
      expect(next.outcome.ok).toBe(true);
      await everyCallHasEvidence(session);
    });
  },
);

describe.each(NEGOTIATIONS)(
  'server-everything over Streamable HTTP, a 2.x Client with %s negotiation',
  (negotiation) => {
    let server: HttpServer;
    let session: McpSession;

    beforeAll(async () => {
      const port = await freePort();
      server = await startHttpServer([EVERYTHING, 'streamableHttp'], /listening on port (\d+)/, {
        PORT: String(port),
      });
      const transport = streamableHttpTransport({ url: server.url, maxMessageBytes: CEILING });
      session = await openSession(transport, { source: 'mcp.http' }, connectWith(sdk2Client(negotiation)));
    });

    afterAll(async () => {
      await session.close();
      server.stop();
    });

    it('keeps a session, gates replies read from its event streams, and ends an oversized one as too large', async () => {
      expect(session.transport.sessionId).toMatch(/\S/);
      await expectEcho(session, 'over http', CONTEXT);
      const over = await session.mcp.callTool('echo', { message: LONG }, CONTEXT);
      expect(over.outcome).toMatchObject({ ok: false, error: { code: 'result_too_large' } });
      expect((await session.mcp.callTool('echo', { message: 'again' }, CONTEXT)).outcome.ok).toBe(true);
      await everyCallHasEvidence(session);
    });
  },
);

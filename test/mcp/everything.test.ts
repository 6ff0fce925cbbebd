// The adapter against the real server-everything over stdio: wire evidence, server schemas, blocks, errors, deadlines.
import { asJson } from '../support/as-json.js';
import { revealUntrusted } from '../../src/taint/reveal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpToolClient } from '../../src/mcp/tool-client.js';
import { isUntrusted } from '../../src/taint/untrusted.js';
import {
  EVERYTHING,
  openSession,
  parsedEvidence,
  spawnServer,
  TENANT,
  type EvidenceHarness,
  type McpSession,
} from './support/real-servers.js';

const CONTEXT = { requestId: 'req.Everything1', tenant: TENANT };
/** "hi" then "ignore" spelled in Unicode tag characters (ASCII smuggling). */
const SMUGGLED = 'hi \u{E0069}\u{E0067}\u{E006E}\u{E006F}\u{E0072}\u{E0065}';

let session: McpSession;
let harness: EvidenceHarness;
let client: McpSession['client'];
let mcp: McpToolClient;

beforeAll(async () => {
  session = await openSession(spawnServer(EVERYTHING, ['stdio']), {
    source: 'mcp.everything',
    requestTimeoutMs: 2000,
  });
  ({ harness, client, mcp } = session);
});

afterAll(() => session.close());

describe('server-everything over stdio', () => {
  it('reports each tool’s contract in the listing: the hardened server schema, or text-only', async () => {
    const reviews = await mcp.listTools();
    expect(reviews.every((review) => review.status === 'approved')).toBe(true);
    const byName = new Map(reviews.map((review) => [review.name, review.contract]));
    expect(byName.get('get-structured-content')).toMatchObject({
      source: 'server',
      version: expect.stringMatching(/^mcp\.[0-9a-f]{16}$/),
    });
    expect(byName.get('echo')).toEqual({ source: 'none', version: 'mcp.text-only' });
  });

  it('keeps the wire bytes of a text-only result as evidence, and audits the findings of its text', async () => {
    const first = await mcp.callTool('echo', { message: SMUGGLED }, CONTEXT);
    const second = await mcp.callTool('echo', { message: 'another message' }, CONTEXT);
    expect(first.outcome).toMatchObject({ ok: true, data: null, meta: { schemaVersion: 'mcp.text-only' } });
    expect(first.text.map((text) => revealUntrusted(text))).toEqual(['Echo: hi ']);
    expect(isUntrusted(first.text[0])).toBe(true);
    const [one, two] = harness.records.slice(-2);
    expect(one!.findings).toContainEqual(
      expect.objectContaining({ code: 'text.tag_characters', pointer: '/content/0/text' }),
    );
    expect(one!.sha256).not.toBe(two!.sha256);
    const evidence = await harness.evidenceOf(one!);
    expect(evidence.length).toBeGreaterThan(4);
    const result = parsedEvidence(evidence);
    expect(result).toEqual({ content: [{ type: 'text', text: `Echo: ${SMUGGLED}` }] });
    expect(second.outcome.ok).toBe(true);
  });

  it('validates structuredContent against the hardened server schema, with the content prose in the evidence', async () => {
    const result = await mcp.callTool('get-structured-content', { location: 'Chicago' }, CONTEXT);
    expect(asJson(result.outcome)).toMatchObject({
      ok: true,
      data: { temperature: 36, conditions: 'Light rain / drizzle', humidity: 82 },
      meta: { purposes: { '/conditions': 'text' } },
    });
    const evidence = parsedEvidence(await harness.evidenceOf(harness.records.at(-1)!));
    expect(evidence.structuredContent).toEqual({
      temperature: 36,
      conditions: 'Light rain / drizzle',
      humidity: 82,
    });
    expect(evidence.content).toEqual([
      { type: 'text', text: '{"temperature":36,"conditions":"Light rain / drizzle","humidity":82}' },
    ]);
  });

  it('lets a client contract override the server schema for one tool', async () => {
    const pinned = session.adapter({
      contracts: {
        'get-structured-content': {
          version: 'weather.v1',
          schema: {
            type: 'object',
            required: ['temperature', 'conditions', 'humidity'],
            properties: {
              temperature: { type: 'number' },
              conditions: { enum: ['Cloudy', 'Sunny / Clear'] },
              humidity: { type: 'number' },
            },
            additionalProperties: false,
          },
          limits: { parse: { maxStringLength: 4096 } },
        },
      },
    });
    const sunny = await pinned.callTool('get-structured-content', { location: 'Los Angeles' }, CONTEXT);
    expect(sunny.outcome).toMatchObject({
      ok: true,
      meta: { schemaVersion: 'weather.v1', purposes: { '/conditions': 'enum' } },
    });
    const rainy = await pinned.callTool('get-structured-content', { location: 'Chicago' }, CONTEXT);
    expect(rainy.outcome).toMatchObject({ ok: false, error: { code: 'schema_mismatch' } });
    expect(harness.records.at(-1)!.issue).toMatchObject({ stage: 'validate', code: 'validate.enum' });
    pinned.close();
  });

  it('honours audience annotations, and turns images into placeholders without their bytes', async () => {
    const forUser = await mcp.callTool(
      'get-annotated-message',
      { messageType: 'success', includeImage: true },
      CONTEXT,
    );
    expect(forUser.text).toEqual([]);
    expect(forUser.blocks).toMatchObject([
      { kind: 'text', index: 0, audience: 'user' },
      { kind: 'image', index: 1, mimeType: 'image/png', size: expect.any(Number) },
    ]);
    expect(forUser.findings).toContainEqual(
      expect.objectContaining({
        code: 'mcp.non_text_block',
        pointer: '/content/1',
        detail: { kind: 'image' },
      }),
    );
    expect(JSON.stringify(forUser)).not.toContain('iVBOR');
    const forModel = await mcp.callTool('get-annotated-message', { messageType: 'debug' }, CONTEXT);
    expect(forModel.text.map((text) => revealUntrusted(text))).toEqual([
      'Debug: Cache hit ratio 0.95, latency 150ms',
    ]);
    expect(forModel.blocks[0]).toMatchObject({ audience: 'assistant' });
  });

  it('shows resource links and embedded resources as placeholders with policy-checked URIs', async () => {
    const links = await mcp.callTool('get-resource-links', { count: 2 }, CONTEXT);
    expect(links.blocks.slice(1)).toEqual([
      { kind: 'resource_link', index: 1, mimeType: 'text/plain', uriBlocked: 'scheme' },
      { kind: 'resource_link', index: 2, mimeType: 'text/plain', uriBlocked: 'scheme' },
    ]);
    const embedded = await mcp.callTool(
      'get-resource-reference',
      { resourceType: 'Text', resourceId: 2 },
      CONTEXT,
    );
    expect(embedded.blocks[1]).toMatchObject({
      kind: 'resource',
      mimeType: 'text/plain',
      size: expect.any(Number),
      uriBlocked: 'scheme',
    });
    expect(embedded.omitted).toBe(1);
  });

  it('passes a tool error’s own words on as bounded, untrusted text inside a typed failure', async () => {
    const result = await mcp.callTool('get-sum', { a: 'one', b: 2 }, CONTEXT);
    expect(result.outcome).toMatchObject({ ok: false, error: { code: 'upstream_error', retryable: false } });
    expect(result.text).toEqual([]);
    expect(result.errorText).toHaveLength(1);
    expect(isUntrusted(result.errorText[0])).toBe(true);
    expect(revealUntrusted(result.errorText[0]!)).toContain('Invalid arguments for tool get-sum');
    expect(harness.records.at(-1)).toMatchObject({ outcome: 'rejected', issue: { code: 'read.tool_error' } });
    expect(parsedEvidence(await harness.evidenceOf(harness.records.at(-1)!))).toMatchObject({
      isError: true,
    });
  });

  it('ends a call past its deadline as timeout, and the next call still works', async () => {
    const slow = await mcp.callTool('trigger-long-running-operation', { duration: 4, steps: 2 }, CONTEXT);
    expect(slow.outcome).toMatchObject({ ok: false, error: { code: 'timeout' } });
    expect(harness.records.at(-1)!.issue).toMatchObject({ code: 'read.timeout' });
    expect((await mcp.callTool('echo', { message: 'after' }, CONTEXT)).outcome.ok).toBe(true);
    expect(await client.ping()).toEqual({});
  });

  it('stores, for every call, evidence the CLI reads back with the audited digest', async () => {
    const evidence = await harness.checkAll();
    expect(evidence.length).toBe(harness.records.length);
    for (const [index, bytes] of evidence.entries()) {
      if (harness.records[index]!.issue?.code === 'read.timeout') expect(bytes.length).toBe(0);
      else expect(parsedEvidence(bytes)).toBeTypeOf('object');
    }
  });
});

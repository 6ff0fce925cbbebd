// wrapMcpTools with @ai-sdk/mcp 1.x against the real server-everything and a hostile server: what the next step receives.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { createMCPClient, type MCPClient } from '@ai-sdk/mcp';
import { Experimental_StdioMCPTransport } from '@ai-sdk/mcp/mcp-stdio';
import { generateText, stepCountIs } from 'ai';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { McpListError, wrapMcpTools, type GatedMcpTool } from '../../src/ai.js';
import { stdioTransport } from '../../src/mcp/wire/stdio-link.js';
import { startHttpServer, type HttpServer } from '../mcp/support/real-servers.js';
import { TICKET_SCHEMA } from '../calls/fixtures.js';
import { asJson } from '../support/as-json.js';
import { scriptedModel, secondStepToolResult } from './ai-model.js';
import { gateWithVault, OPERATOR, unwrapBlock } from './fixtures.js';
import { HOSTILE_TEXT, HOSTILE_TEXT_IN_BLOCK, PLANTED_TOKEN } from './hostile-output.js';

const require = createRequire(import.meta.url);
const EVERYTHING = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
const HOSTILE = fileURLToPath(new URL('./hostile-mcp-server.ts', import.meta.url));

function connect(args: string[]): Promise<MCPClient> {
  const transport = new Experimental_StdioMCPTransport({ command: process.execPath, args, stderr: 'ignore' });
  return createMCPClient({ transport });
}

/** Runs one agent loop over `tools`: the scripted model calls `name` with `input`, then answers. */
async function runAgent(tools: Record<string, GatedMcpTool>, name: string, input: object) {
  const model = scriptedModel(name, input);
  const result = await generateText({ model, tools, prompt: 'Go.', stopWhen: stepCountIs(3) });
  const part = secondStepToolResult(model) as { output: { type: string; value: unknown } };
  return {
    output: part.output,
    outcome: result.steps[0]?.toolResults[0]?.output,
    seen: JSON.stringify(part),
  };
}

const harness = gateWithVault();
const options = { gate: harness.gate, context: { tenant: 'acme' } };
let everything: MCPClient;
let hostile: MCPClient;
let fromEverything: Record<string, GatedMcpTool>;
let fromHostile: Record<string, GatedMcpTool>;
let httpServer: HttpServer;

beforeAll(async () => {
  [everything, hostile, httpServer] = await Promise.all([
    connect([EVERYTHING, 'stdio']),
    connect(['--import', 'tsx', HOSTILE]),
    startHttpServer(['--import', 'tsx', HOSTILE, '--http'], /listening (\d+)/),
  ]);
  [fromEverything, fromHostile] = await Promise.all([
    wrapMcpTools(everything, options),
    wrapMcpTools(hostile, options),
  ]);
});

afterAll(async () => {
  await Promise.all([everything.close(), hostile.close()]);
  httpServer.stop();
});

describe('the real server-everything', () => {
  test('every listed tool is wrapped; echo reaches the model as one block, its injection defused', async () => {
    expect(Object.keys(fromEverything)).toEqual(expect.arrayContaining(['echo', 'get-structured-content']));
    const run = await runAgent(fromEverything, 'echo', { message: HOSTILE_TEXT });
    expect(run.output.type).toBe('text');
    const { nonce, content } = unwrapBlock(run.output.value as string, 'echo');
    expect(content).toBe(`{"text":["Echo: ${HOSTILE_TEXT_IN_BLOCK}"]}`);
    expect(run.seen).not.toContain(PLANTED_TOKEN);
    expect(run.seen.split('</untrusted-').length).toBe(2);
    expect(run.seen).toContain(`</untrusted-${nonce}>`);
  });

  test('structuredContent is checked against the hardened server schema and shown with the prose', async () => {
    const run = await runAgent(fromEverything, 'get-structured-content', { location: 'Chicago' });
    expect(asJson(run.outcome)).toMatchObject({
      ok: true,
      data: { structuredContent: { temperature: 36, conditions: 'Light rain / drizzle', humidity: 82 } },
      meta: { schemaVersion: expect.stringMatching(/^mcp\.[0-9a-f]{16}$/) as unknown },
    });
    const { content } = unwrapBlock(run.output.value as string, 'get-structured-content');
    expect(JSON.parse(content)).toMatchObject({ structuredContent: { temperature: 36, humidity: 82 } });
  });

  test('a client contract wins over the server schema, and a result it does not describe is schema_mismatch', async () => {
    const contracts = { ticket: { version: 'ticket.v1', schema: TICKET_SCHEMA } };
    const pinned = await wrapMcpTools(hostile, { ...options, contracts });
    const ticket = await runAgent(pinned, 'ticket', {});
    expect(ticket.outcome).toMatchObject({
      ok: true,
      meta: { schemaVersion: 'ticket.v1', purposes: { '/structuredContent/id': 'id' } },
    });
    const weather = await wrapMcpTools(everything, {
      ...options,
      contracts: { 'get-structured-content': contracts.ticket },
    });
    const run = await runAgent(weather, 'get-structured-content', { location: 'Chicago' });
    expect(run.output).toEqual({
      type: 'error-json',
      value: { error: { code: 'schema_mismatch', retryable: false } },
    });
  });

  test('an image becomes a placeholder without its bytes; a tool error is upstream_error', async () => {
    const image = await runAgent(fromEverything, 'get-tiny-image', {});
    const { content } = unwrapBlock(image.output.value as string, 'get-tiny-image');
    expect(JSON.parse(content)).toMatchObject({
      placeholders: [{ kind: 'image', mimeType: 'image/png', size: expect.any(Number) as unknown }],
    });
    expect(content).not.toContain('iVBOR');
    const failed = await runAgent(fromEverything, 'echo', { wrong: 1 });
    expect(failed.output).toEqual({
      type: 'error-json',
      value: { error: { code: 'upstream_error', retryable: false } },
    });
  });
});

describe('a hostile server', () => {
  test('a tool whose name no contract can carry is left out', () => {
    expect(Object.keys(fromHostile).sort()).toEqual([
      'extra_member',
      'failing',
      'huge',
      'injected',
      'ticket',
    ]);
  });

  test('injected prose and a structured ticket reach the model only inside their blocks', async () => {
    const prose = await runAgent(fromHostile, 'injected', {});
    expect(unwrapBlock(prose.output.value as string, 'injected').content).toBe(
      `{"text":["${HOSTILE_TEXT_IN_BLOCK}"]}`,
    );
    const structured = await runAgent(fromHostile, 'ticket', {});
    const { content } = unwrapBlock(structured.output.value as string, 'ticket');
    expect(JSON.parse(content)).toMatchObject({ structuredContent: { id: 'T-42', status: 'open' } });
    expect(structured.seen).not.toContain(PLANTED_TOKEN);
  });

  test('instructions: report flags the injected prose and passes it on unchanged; reject refuses it', async () => {
    const wrapped = (instructions: 'report' | 'reject') =>
      wrapMcpTools(hostile, { ...options, instructions });
    const reported = await runAgent(await wrapped('report'), 'injected', {});
    expect(unwrapBlock(reported.output.value as string, 'injected').content).toBe(
      `{"text":["${HOSTILE_TEXT_IN_BLOCK}"]}`,
    );
    expect(asJson(reported.outcome)).toMatchObject({
      ok: true,
      meta: {
        findings: expect.arrayContaining([
          {
            code: 'text.instruction',
            pointer: '/content/0/text',
            count: 1,
            action: 'reported',
            detail: expect.anything() as unknown,
          },
        ]) as unknown,
      },
    });
    const rejected = await runAgent(await wrapped('reject'), 'injected', {});
    expect(rejected.output).toEqual({
      type: 'error-json',
      value: { error: { code: 'unsafe_content', retryable: false } },
    });
  });

  test('a member the server schema does not declare is schema_mismatch, and the evidence keeps it', async () => {
    const run = await runAgent(fromHostile, 'extra_member', {});
    expect(run.output).toEqual({
      type: 'error-json',
      value: { error: { code: 'schema_mismatch', retryable: false } },
    });
    expect(run.seen).not.toContain('admin_override');
    const evidence = (run.outcome as { meta: { evidence: string } }).meta.evidence;
    const read = await harness.vault.get(evidence, OPERATOR);
    expect(read.ok && new TextDecoder().decode(read.record.raw)).toContain('"admin_override":true');
  });

  test('an isError result with an injected "Approved." is upstream_error and nothing else', async () => {
    const run = await runAgent(fromHostile, 'failing', {});
    expect(JSON.stringify(run.output)).toBe(
      '{"type":"error-json","value":{"error":{"code":"upstream_error","retryable":false}}}',
    );
  });

  test('a 50 MB result over HTTP is result_too_large; the model sees only that', async () => {
    const client = await createMCPClient({ transport: { type: 'http', url: httpServer.url } });
    try {
      const run = await runAgent(await wrapMcpTools(client, options), 'huge', {});
      expect(JSON.stringify(run.output)).toBe(
        '{"type":"error-json","value":{"error":{"code":"result_too_large","retryable":false}}}',
      );
    } finally {
      await client.close();
    }
  });

  test('through Airlock’s bounded stdio transport, 50 MB never reaches the client: a typed error, not retryable', async () => {
    const transport = stdioTransport({ command: process.execPath, args: ['--import', 'tsx', HOSTILE] });
    const client = await createMCPClient({ transport });
    try {
      const started = Date.now();
      const run = await runAgent(await wrapMcpTools(client, options), 'huge', {});
      expect(JSON.stringify(run.output)).toBe(
        '{"type":"error-json","value":{"error":{"code":"upstream_error","retryable":false}}}',
      );
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await client.close();
    }
  });
});

describe('configuration and listing', () => {
  test('bad options throw a TypeError before anything is listed; a failed listing is McpListError', async () => {
    await expect(wrapMcpTools({} as never, { gate: harness.gate })).rejects.toThrow(TypeError);
    await expect(wrapMcpTools(everything, { gate: harness.gate, timeoutMs: 0 })).rejects.toThrow(TypeError);
    const closed = await connect([EVERYTHING, 'stdio']);
    await closed.close();
    const failure = wrapMcpTools(closed, { gate: harness.gate });
    await expect(failure).rejects.toBeInstanceOf(McpListError);
    await expect(failure).rejects.toMatchObject({ code: 'upstream_error' });
  });
});

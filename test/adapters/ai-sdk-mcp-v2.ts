// wrapMcpTools under Node 22 with @ai-sdk/mcp 2.x and AI SDK 7, taken from a folder given on the command line; exits 1 on a failed check.
// Run: npm install @ai-sdk/mcp@2 ai@7 in DIR (with Node 22), then, from the project: node22 --import tsx test/adapters/ai-sdk-mcp-v2.ts DIR
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createGate } from '../../src/gate/create-gate.js';
import { memoryAuditSink } from '../../src/audit/sinks.js';
import { wrapMcpTools, type AiMcpClient, type GatedMcpTool } from '../../src/ai.js';
import { stdioTransport } from '../../src/mcp/wire/stdio-link.js';
import { HOSTILE_TEXT_IN_BLOCK, HOSTILE_TEXT, PLANTED_TOKEN } from './hostile-output.js';

type Client = AiMcpClient & { close(): Promise<void> };
interface McpModule {
  createMCPClient(config: { transport: object }): Promise<Client>;
}
interface StdioModule {
  StdioMCPTransport: new (config: { command: string; args: string[]; stderr: 'ignore' }) => object;
}
interface AiModule {
  generateText(options: object): Promise<unknown>;
  isStepCount(count: number): unknown;
}
interface AiTestModule {
  MockLanguageModelV4: new (options: object) => { doGenerateCalls: { prompt: unknown[] }[] };
}

const folder = process.argv[2];
if (folder === undefined)
  throw new Error('usage: ai-sdk-mcp-v2.ts DIR (a folder with @ai-sdk/mcp@2 and ai@7 installed)');
const fromFolder = createRequire(join(folder, 'package.json'));
const load = async <M>(name: string): Promise<M> =>
  (await import(pathToFileURL(fromFolder.resolve(name)).href)) as M;
const version = (name: string): string => (fromFolder(`${name}/package.json`) as { version: string }).version;

const mcp = await load<McpModule>('@ai-sdk/mcp');
const { StdioMCPTransport } = await load<StdioModule>('@ai-sdk/mcp/mcp-stdio');
const ai = await load<AiModule>('ai');
const { MockLanguageModelV4 } = await load<AiTestModule>('ai/test');
console.log(`node ${process.version} | @ai-sdk/mcp ${version('@ai-sdk/mcp')} | ai ${version('ai')}`);

const here = createRequire(import.meta.url);
const EVERYTHING = here.resolve('@modelcontextprotocol/server-everything/dist/index.js');
const HOSTILE = fileURLToPath(new URL('./hostile-mcp-server.ts', import.meta.url));
const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** One AI SDK 7 loop: the mock model calls `name` with `input`, then answers; returns what its second call saw. */
async function secondStepOutput(tools: Record<string, GatedMcpTool>, name: string, input: object) {
  const step = (content: object[], unified: string) => ({
    content,
    finishReason: { unified, raw: undefined },
    usage,
    warnings: [],
  });
  const call = { type: 'tool-call', toolCallId: 'call-1', toolName: name, input: JSON.stringify(input) };
  const model = new MockLanguageModelV4({
    doGenerate: [step([call], 'tool-calls'), step([{ type: 'text', text: 'Done.' }], 'stop')],
  });
  await ai.generateText({ model, tools, prompt: 'Go.', stopWhen: ai.isStepCount(3) });
  const tool = model.doGenerateCalls[1]?.prompt.at(-1) as {
    content: { output: { type: string; value: unknown } }[];
  };
  const output = tool.content[0]?.output;
  assert.ok(output !== undefined, 'the second step has a tool result');
  return output;
}

const gate = createGate({ audit: memoryAuditSink() });
let checks = 0;
const clients: Client[] = [];
try {
  const everything = await mcp.createMCPClient({
    transport: new StdioMCPTransport({
      command: process.execPath,
      args: [EVERYTHING, 'stdio'],
      stderr: 'ignore',
    }),
  });
  clients.push(everything);
  const echo = await secondStepOutput(await wrapMcpTools(everything, { gate }), 'echo', {
    message: HOSTILE_TEXT,
  });
  assert.equal(echo.type, 'text');
  assert.match(String(echo.value), /^<untrusted-[0-9a-f]{24} source="echo" format="tags">\n/);
  assert.ok(String(echo.value).includes(`{"text":["Echo: ${HOSTILE_TEXT_IN_BLOCK}"]}`));
  assert.ok(!String(echo.value).includes(PLANTED_TOKEN));
  checks++;

  const hostile = await mcp.createMCPClient({
    transport: new StdioMCPTransport({
      command: process.execPath,
      args: ['--import', 'tsx', HOSTILE],
      stderr: 'ignore',
    }),
  });
  clients.push(hostile);
  const fromHostile = await wrapMcpTools(hostile, { gate });
  const error = (code: string, retryable: boolean) => ({
    type: 'error-json',
    value: { error: { code, retryable } },
  });
  assert.deepEqual(await secondStepOutput(fromHostile, 'extra_member', {}), error('schema_mismatch', false));
  assert.deepEqual(await secondStepOutput(fromHostile, 'failing', {}), error('upstream_error', false));
  checks += 2;

  const bounded = await mcp.createMCPClient({
    transport: stdioTransport({ command: process.execPath, args: ['--import', 'tsx', HOSTILE] }),
  });
  clients.push(bounded);
  const huge = await secondStepOutput(await wrapMcpTools(bounded, { gate }), 'huge', {});
  assert.deepEqual(huge, error('upstream_error', false));
  checks++;
  console.log(`ok: ${String(checks)} checks`);
} finally {
  await Promise.all(clients.map((client) => client.close()));
}

// MCP in five minutes: connect to a real MCP server, approve its tools, call one through the gate, read its evidence back.
// Run it where `keys.json` was made by `npx airlock keys rotate --init --key-file keys.json`.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { createGate, memoryAuditSink, revealUntrusted } from 'agent-airlock';
import { createMemoryToolStore, createToolRegistry } from 'agent-airlock/calls';
import { createMcpToolClient, stdioTransport } from 'agent-airlock/mcp';
import { createKeyFileProvider, createSqliteStore, createVault } from 'agent-airlock/vault';

const require = createRequire(import.meta.url);
const everything = dirname(require.resolve('@modelcontextprotocol/server-everything/package.json'));

// 1. Connect. Airlock's transport spawns the server and frames its output itself, under a 4 MiB ceiling;
//    the application's own SDK Client connects through it as through any transport: this one is the 2.x SDK's
//    (`@modelcontextprotocol/client`); a 1.x Client (`@modelcontextprotocol/sdk/client/index.js`) works the same.
const transport = stdioTransport({
  command: process.execPath,
  args: [join(everything, 'dist/index.js'), 'stdio'],
});
const client = new Client({ name: 'five-minutes', version: '1.0.0' });
await client.connect(transport);

// 2. The gate: raw replies sealed in a SQLite evidence vault, one audit record per call.
const store = createSqliteStore('evidence.sqlite');
const vault = createVault({ store, keys: createKeyFileProvider('keys.json') });
const audit = memoryAuditSink();
const registry = createToolRegistry({ store: createMemoryToolStore() });
const tools = createMcpToolClient({
  transport,
  gate: createGate({ audit, vault }),
  registry,
  source: 'mcp.everything',
});

// 3. Approve. Every tool starts quarantined; the operator pins the definitions they reviewed. A definition that
//    changes later (tools/list_changed) is quarantined again before the next call.
const listed = await tools.listTools();
console.log(
  JSON.stringify({
    step: 'listed',
    tools: listed.length,
    quarantined: listed.filter((t) => t.status === 'quarantined').length,
  }),
);
const { tools: published } = await client.listTools();
for (const tool of published)
  if (['echo', 'get-structured-content'].includes(tool.name)) await registry.approve(tool);

// 4. Call. The exact bytes of each result pass the gate: read under the ceiling, parsed strictly, validated as
//    a whole (structuredContent against the server's output schema, hardened), every text sanitized.
const context = { requestId: 'req.FiveMinutes1', tenant: 'acme' };
const echo = await tools.callTool('echo', { message: 'hello from five minutes' }, context);
const weather = await tools.callTool('get-structured-content', { location: 'New York' }, context);
const unapproved = await tools.callTool('get-env', {}, context);
console.log(JSON.stringify({ step: 'echo', ok: echo.outcome.ok, prose: echo.text.map(revealUntrusted) }));
console.log(
  JSON.stringify({
    step: 'weather',
    outcome: weather.outcome.ok ? weather.outcome.data : weather.outcome.error,
  }),
);
console.log(
  JSON.stringify({ step: 'unapproved', error: unapproved.outcome.ok ? null : unapproved.outcome.error }),
);

// 5. Read the evidence back, as an operator (the CLI does the same: see the README).
const record = audit.records.find((entry) => entry.tool === 'get-structured-content');
const read = await vault.get(record?.evidence ?? '', { role: 'security-operator', tenant: 'acme' });
const digest = read.ok ? createHash('sha256').update(read.record.raw).digest('hex') : null;
console.log(
  JSON.stringify({ step: 'evidence', ref: record?.evidence, matchesAudit: digest === record?.sha256 }),
);

tools.close();
await client.close();
await store.close();

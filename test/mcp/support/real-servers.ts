// Test support: the reference MCP servers from node_modules, a gate over a SQLite vault, and evidence read by the CLI.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { expect } from 'vitest';
import type { AuditRecord } from '../../../src/audit/record.js';
import type { RequestContext } from '../../../src/bind/rules.js';
import { memoryAuditSink } from '../../../src/audit/sinks.js';
import { createToolRegistry, type ToolRegistry } from '../../../src/calls/registry.js';
import { createMemoryToolStore } from '../../../src/calls/stores/memory.js';
import { runCli } from '../../../src/cli/main.js';
import { createKeyFileProvider } from '../../../src/evidence/keys-file.js';
import { createSqliteStore } from '../../../src/evidence/stores/sqlite.js';
import { createVault } from '../../../src/evidence/vault.js';
import { createGate, type Gate } from '../../../src/gate/create-gate.js';
import {
  createMcpToolClient,
  type McpToolClient,
  type McpToolClientOptions,
} from '../../../src/mcp/tool-client.js';
import { stdioTransport, type StdioTransportOptions } from '../../../src/mcp/wire/stdio-link.js';
import { revealUntrusted } from '../../../src/taint/reveal.js';
import type { AirlockTransport } from '../../../src/mcp/wire/types.js';
import { memoryIo } from '../../support/cli-io.js';

const require = createRequire(import.meta.url);

/** The entry script of an installed MCP server package (its `bin`), run with this `node`. */
export function serverScript(pkg: string): string {
  const manifest = require.resolve(`${pkg}/package.json`);
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: Record<string, string> };
  return join(dirname(manifest), Object.values(bin)[0] ?? '');
}

export const EVERYTHING = serverScript('@modelcontextprotocol/server-everything');
export const FILESYSTEM = serverScript('@modelcontextprotocol/server-filesystem');
export const MEMORY = serverScript('@modelcontextprotocol/server-memory');

/** The tenant every test call runs for (evidence is sealed to it). */
export const TENANT = 'tenant-a';

/** A stdio transport to a server script, spawned with this process's `node` (never `npx`). */
export function spawnServer(
  script: string,
  args: readonly string[] = [],
  options: Partial<StdioTransportOptions> = {},
): AirlockTransport {
  return stdioTransport({ command: process.execPath, args: [script, ...args], ...options });
}

/** Connects a client of this SDK copy to the transport. */
export async function connectClient(transport: AirlockTransport): Promise<Client> {
  const client = new Client({ name: 'airlock-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/**
 * Approves every definition the server now publishes (the operator's act). The definitions are read raw
 * through the transport: the SDK client's own `listTools` compiles every output schema and throws on one
 * its validator cannot compile.
 */
export async function approveAll(transport: AirlockTransport, registry: ToolRegistry): Promise<void> {
  const reply = await transport.exchange('tools/list', {}, { timeoutMs: 10_000 });
  if (reply.kind !== 'result') throw new Error(`tools/list failed: ${reply.kind}`);
  const { tools } = JSON.parse(Buffer.from(reply.bytes).toString('utf8')) as { tools: unknown[] };
  for (const tool of tools) await registry.approve(tool);
}

/** A gate writing evidence to a SQLite vault in a temporary folder, its audit records, and the CLI to read them. */
export interface EvidenceHarness {
  readonly gate: Gate;
  readonly registry: ToolRegistry;
  readonly records: readonly AuditRecord[];
  /** Runs `airlock evidence get` for a record and checks its bytes against the record; returns them. */
  evidenceOf(record: AuditRecord): Promise<Buffer>;
  /** `evidenceOf` for every record so far. */
  checkAll(): Promise<Buffer[]>;
  close(): Promise<void>;
}

/** Builds the harness: a key file made by `airlock keys rotate --init`, a SQLite store, a gate over both. */
export async function evidenceHarness(): Promise<EvidenceHarness> {
  const dir = mkdtempSync(join(tmpdir(), 'airlock-mcp-'));
  const cli = async (args: string[]) => {
    const io = memoryIo({ cwd: dir });
    const code = await runCli(args, io);
    return { code, bytes: Buffer.from(io.outBytes()), stderr: io.err() };
  };
  expect((await cli(['keys', 'rotate', '--init', '--key-file', 'keys.json'])).code).toBe(0);
  const store = createSqliteStore(join(dir, 'evidence.sqlite'));
  const vault = createVault({ store, keys: createKeyFileProvider(join(dir, 'keys.json')) });
  const audit = memoryAuditSink();
  const evidenceOf = async (record: AuditRecord): Promise<Buffer> => {
    expect(record.evidence).toBeTypeOf('string');
    const read = [
      '--role',
      'security-operator',
      '--tenant',
      TENANT,
      '--store',
      'evidence.sqlite',
      '--key-file',
      'keys.json',
    ];
    const result = await cli(['evidence', 'get', record.evidence!, ...read]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(createHash('sha256').update(result.bytes).digest('hex')).toBe(record.sha256);
    expect(result.bytes.length).toBe(record.rawBytes);
    return result.bytes;
  };
  return {
    gate: createGate({ audit, vault }),
    registry: createToolRegistry({ store: createMemoryToolStore() }),
    records: audit.records,
    evidenceOf,
    checkAll: async () => {
      const all: Buffer[] = [];
      for (const record of audit.records) all.push(await evidenceOf(record));
      return all;
    },
    async close() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Parses evidence bytes as the JSON-RPC `result` (or `error`) member the server sent. */
export function parsedEvidence(bytes: Buffer): Record<string, unknown> {
  const value: unknown = JSON.parse(bytes.toString('utf8'));
  expect(value).toBeTypeOf('object');
  return value as Record<string, unknown>;
}

/** A server process listening on HTTP, and how to stop it. */
export interface HttpServer {
  readonly url: string;
  stop(): void;
}

/**
 * Spawns a server that listens on HTTP and waits (at most 20 s) until its output matches `ready`, whose
 * first group is the port.
 */
export function startHttpServer(
  args: readonly string[],
  ready: RegExp,
  env: Record<string, string> = {},
): Promise<HttpServer> {
  const child = spawn(process.execPath, [...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error('The HTTP server did not start in time.'));
    }, 20_000);
    const watch = (chunk: Buffer) => {
      seen += chunk.toString();
      const port = ready.exec(seen)?.[1];
      if (port === undefined) return;
      clearTimeout(timer);
      resolve({ url: `http://127.0.0.1:${port}/mcp`, stop: () => child.kill() });
    };
    child.stdout.on('data', watch);
    child.stderr.on('data', watch);
    child.once('exit', () => {
      reject(new Error('The HTTP server exited.'));
    });
  });
}

/** A free local TCP port (closed again before it is returned). */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createNetServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => {
        resolve(port);
      });
    });
  });
}

/** A connected client, the adapter over the same transport with a vault-backed gate, and approved tools. */
export interface McpSession {
  readonly harness: EvidenceHarness;
  readonly transport: AirlockTransport;
  readonly client: { close(): Promise<void>; ping(): Promise<unknown> };
  readonly mcp: McpToolClient;
  /** Another adapter over the same transport, gate and registry, with other options. */
  adapter(options: Partial<McpToolClientOptions>): McpToolClient;
  close(): Promise<void>;
}

/**
 * Connects a client (this SDK copy unless `connect` brings another), builds the adapter with `options`,
 * and approves every tool the server publishes.
 */
export async function openSession(
  transport: AirlockTransport,
  options: Partial<McpToolClientOptions> = {},
  connect: (transport: AirlockTransport) => Promise<McpSession['client']> = connectClient,
): Promise<McpSession> {
  const harness = await evidenceHarness();
  const client = await connect(transport);
  const adapter = (more: Partial<McpToolClientOptions>) =>
    createMcpToolClient({
      transport,
      gate: harness.gate,
      registry: harness.registry,
      source: 'mcp.test',
      ...options,
      ...more,
    });
  const mcp = adapter({});
  await approveAll(transport, harness.registry);
  return {
    harness,
    transport,
    client,
    mcp,
    adapter,
    async close() {
      mcp.close();
      await client.close();
      await harness.close();
    },
  };
}

/** Calls server-everything's `echo`: the agent gets the echo as prose, the vault the exact result sent. */
export async function expectEcho(
  session: McpSession,
  message: string,
  context: RequestContext,
): Promise<void> {
  const result = await session.mcp.callTool('echo', { message }, context);
  expect(result.text.map((text) => revealUntrusted(text))).toEqual([`Echo: ${message}`]);
  const { harness } = session;
  expect(parsedEvidence(await harness.evidenceOf(harness.records.at(-1)!))).toEqual({
    content: [{ type: 'text', text: `Echo: ${message}` }],
  });
}

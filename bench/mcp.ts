// Benchmark of the MCP adapter: echo over stdio through the gate, against the plain SDK client, median of 200 calls.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createToolRegistry } from '../src/calls/registry.js';
import { createMemoryToolStore } from '../src/calls/stores/memory.js';
import { buildKeyRing, createStaticKeyProvider, generateKey } from '../src/evidence/keys.js';
import { createMemoryStore } from '../src/evidence/stores/memory.js';
import { createSqliteStore } from '../src/evidence/stores/sqlite.js';
import { createVault } from '../src/evidence/vault.js';
import { createFileAuditHook } from '../src/evidence/audit-file.js';
import { createGate } from '../src/gate/create-gate.js';
import { createMcpToolClient } from '../src/mcp/tool-client.js';
import { stdioTransport } from '../src/mcp/wire/stdio-link.js';
import type { EvidenceWriter } from '../src/vocabulary/evidence-writer.js';
import type { BenchRow, BenchSuite } from './harness.js';

const CALLS = 200;
const WARMUP = 30;
const CONTEXT = { requestId: 'req.BenchMcp01', tenant: 'tenant-a' };
const ARGS = { message: 'hello' };
const require = createRequire(import.meta.url);
const SERVER = join(
  dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist/index.js',
);

type Call = () => Promise<unknown>;

/** The plain SDK: its own stdio transport and `callTool`. */
async function plainClient(): Promise<{ call: Call; close: () => Promise<void> }> {
  const client = new Client({ name: 'bench-plain', version: '1' });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [SERVER, 'stdio'], stderr: 'ignore' }),
  );
  return { call: () => client.callTool({ name: 'echo', arguments: ARGS }), close: () => client.close() };
}

/** The adapter over Airlock's stdio transport, with the given evidence vault (or none). */
async function adapter(
  vault: EvidenceWriter | undefined,
): Promise<{ call: Call; close: () => Promise<void> }> {
  const transport = stdioTransport({ command: process.execPath, args: [SERVER, 'stdio'] });
  const client = new Client({ name: 'bench-airlock', version: '1' });
  await client.connect(transport);
  const registry = createToolRegistry({ store: createMemoryToolStore() });
  for (const tool of (await client.listTools()).tools) await registry.approve(tool);
  const gate = createGate({ audit: { write: () => undefined }, ...(vault === undefined ? {} : { vault }) });
  const mcp = createMcpToolClient({ transport, gate, registry, source: 'mcp.bench' });
  return {
    call: async () => {
      const result = await mcp.callTool('echo', ARGS, CONTEXT);
      if (!result.outcome.ok) throw new Error(`echo failed: ${result.outcome.error.code}`);
    },
    close: async () => {
      mcp.close();
      await client.close();
    },
  };
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/**
 * Times the baseline and one subject alternately (one call each per round), so load on the machine hits both
 * alike; each subject gets its own phase, so one vault's disk writes never land in another's figure.
 */
async function measurePair(baseline: Call, subject: Call): Promise<readonly [number, number]> {
  const samples: [number[], number[]] = [[], []];
  for (let round = 0; round < WARMUP + CALLS; round++) {
    for (const [index, call] of [baseline, subject].entries()) {
      const start = performance.now();
      await call();
      if (round >= WARMUP) samples[index]!.push(performance.now() - start);
    }
  }
  return [median(samples[0]), median(samples[1])];
}

/** The adapter's overhead over the plain client: without a vault, with a memory vault, with a SQLite vault. */
export const mcpSuite: BenchSuite = {
  title: `MCP adapter (echo over stdio, server-everything, median of ${String(CALLS)} calls)`,
  async run(): Promise<readonly BenchRow[]> {
    const dir = mkdtempSync(join(tmpdir(), 'airlock-bench-mcp-'));
    const { id, key } = generateKey();
    const keys = createStaticKeyProvider(buildKeyRing(id, [[id, key]]));
    const sqlite = createSqliteStore(join(dir, 'evidence.sqlite'));
    // Each vault appends its audit records to a file, as in the gate suite (the default hook writes to stderr).
    const audit = createFileAuditHook(join(dir, 'vault-audit.jsonl'));
    const clients = [
      await plainClient(),
      await adapter(undefined),
      await adapter(createVault({ store: createMemoryStore(), keys, audit })),
      await adapter(createVault({ store: sqlite, keys, audit })),
    ];
    try {
      const [plain, ...subjects] = clients;
      const rows: BenchRow[] = [];
      const names = ['adapter, no vault', 'adapter, memory vault', 'adapter, SQLite vault'];
      for (const [index, subject] of subjects.entries()) {
        const [base, ms] = await measurePair(plain!.call, subject.call);
        rows.push({
          name: names[index] ?? '',
          baseline: 'plain SDK client (its stdio transport, callTool)',
          ratio: base / ms,
          detail: `median ${ms.toFixed(3)} ms vs ${base.toFixed(3)} ms (${ms >= base ? '+' : ''}${(ms - base).toFixed(3)} ms)`,
          ...(index === 0 ? { target: '≥ 0.91 (overhead within 1.1×)' } : {}),
        });
      }
      return rows;
    } finally {
      for (const client of clients) await client.close();
      await sqlite.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

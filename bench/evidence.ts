// Benchmark of the evidence vault on SQLite: encrypted puts per second against plain inserts, and p99 get latency.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { createFileAuditHook } from '../src/evidence/audit-file.js';
import { buildKeyRing, createStaticKeyProvider } from '../src/evidence/keys.js';
import { createSqliteStore } from '../src/evidence/stores/sqlite.js';
import { createVault } from '../src/evidence/vault.js';
import type { Vault } from '../src/evidence/vault.js';
import { compare } from './harness.js';
import type { BenchRow, BenchSuite } from './harness.js';

const META = {
  tool: 'ticket.search',
  schemaVersion: 'ticket.search.v3',
  tenant: 'tenant-a',
  requestId: 'req.bench',
};
const READER = { role: 'security-operator', tenant: 'tenant-a' };
const GET_SAMPLES = 2_000;

/**
 * A plain table in its own SQLite file, the baseline: WAL with `synchronous=FULL`, so each insert is on disk
 * when it returns, as each put of the evidence store is when it resolves.
 */
function openPlainTable(path: string) {
  const db = new Database(path);
  db.pragma('busy_timeout = 10000');
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec('CREATE TABLE IF NOT EXISTS plain (id TEXT PRIMARY KEY, body BLOB NOT NULL) STRICT');
  return {
    insert: db.prepare<[string, Buffer]>('INSERT INTO plain (id, body) VALUES (?, ?)'),
    select: db.prepare<[string], { body: Buffer }>('SELECT body FROM plain WHERE id = ?'),
    close: () => db.close(),
  };
}

/** The 99th-percentile latency of `run` over `samples` sequential calls, in milliseconds. */
async function p99Ms(samples: number, run: (index: number) => unknown): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    await run(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(samples * 0.99)] ?? Number.NaN;
}

async function putRow(
  vault: Vault,
  plain: ReturnType<typeof openPlainTable>,
  size: number,
): Promise<BenchRow> {
  const payload = randomBytes(size);
  let n = 0;
  const { subjectHz, baselineHz } = await compare(
    { name: `encrypted put ${size}`, fn: () => vault.put(payload, META) },
    { name: `plain insert ${size}`, fn: () => plain.insert.run(`p${size}-${n++}`, payload) },
  );
  return {
    name: `encrypted put of ${size / 1024} KB on SQLite (on disk when it resolves)`,
    baseline: 'plain insert of the same bytes (synchronous=FULL: on disk when it returns)',
    ratio: subjectHz / baselineHz,
    detail: `${subjectHz.toFixed(0)} puts/s vs ${baselineHz.toFixed(0)} inserts/s`,
  };
}

async function getRow(vault: Vault, plain: ReturnType<typeof openPlainTable>): Promise<BenchRow> {
  const payload = randomBytes(4096);
  const refs: string[] = [];
  for (let i = 0; i < 200; i++) {
    refs.push(await vault.put(payload, META));
    plain.insert.run(`g${i}`, payload);
  }
  const pick = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;
  const encrypted = await p99Ms(GET_SAMPLES, (i) => vault.get(pick(refs, i), READER));
  const baseline = await p99Ms(GET_SAMPLES, (i) => plain.select.get(`g${i % 200}`));
  return {
    name: 'p99 get of 4 KB on SQLite (role check, unwrap, decrypt)',
    baseline: 'p99 plain select of the same bytes (latency ratio: below 1 means slower)',
    ratio: baseline / encrypted,
    detail: `p99 ${(encrypted * 1000).toFixed(0)} µs vs ${(baseline * 1000).toFixed(0)} µs over ${GET_SAMPLES} reads`,
  };
}

/** The evidence vault suite: puts/s at 4 KB and 64 KB and p99 get latency, each beside a plain SQLite baseline. */
export const evidenceSuite: BenchSuite = {
  title: 'evidence vault',
  async run(): Promise<readonly BenchRow[]> {
    const folder = mkdtempSync(join(tmpdir(), 'airlock-bench-evidence-'));
    const keys = createStaticKeyProvider(buildKeyRing('k1', [['k1', randomBytes(32)]]));
    const store = createSqliteStore(join(folder, 'evidence.sqlite'));
    const plain = openPlainTable(join(folder, 'plain.sqlite'));
    try {
      // Vault audit events go to a file, so thousands of get events do not flood the bench's output.
      const vault = createVault({ store, keys, audit: createFileAuditHook(join(folder, 'audit.jsonl')) });
      return [
        await putRow(vault, plain, 4096),
        await putRow(vault, plain, 65_536),
        await getRow(vault, plain),
      ];
    } finally {
      plain.close();
      await store.close();
      rmSync(folder, { recursive: true, force: true });
    }
  },
};

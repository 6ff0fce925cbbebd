// Benchmark of `airlock proxy` under load: 50 HTTP clients × 200 echo calls through it, against the server direct.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { BenchRow, BenchSuite } from './harness.js';
import { connectClients, quantile, runLoad, type ClientGroup, type LoadRun } from './proxy-load.js';
import { startEverything, startProxy, type Listening } from './proxy-processes.js';

const CLIENTS = 50;
/** Calls per client and endpoint, spread over the rounds. */
const CALLS = 200;
const ROUNDS = 3;
const WARMUP_CALLS = 10;
/** `AIRLOCK_BENCH_PROXY_PROFILE=DIR` writes a CPU profile of the proxy into DIR (`node --cpu-prof`). */
const PROFILE_DIR = process.env.AIRLOCK_BENCH_PROXY_PROFILE;

/** Every latency and the total time of one endpoint over all rounds, and each round's p50. */
interface Measured {
  readonly latencies: Float64Array[];
  readonly p50s: number[];
  wallMs: number;
}

function measured(): Measured {
  return { latencies: [], p50s: [], wallMs: 0 };
}

async function add(into: Measured, run: () => Promise<LoadRun>): Promise<void> {
  const done = await run();
  into.latencies.push(done.latencies);
  into.p50s.push(quantile(done.latencies, 0.5));
  into.wallMs += done.wallMs;
}

function pooled(of: Measured): Float64Array {
  const all = new Float64Array(of.latencies.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of of.latencies) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}

/**
 * Rounds that alternate which endpoint goes first, every client calling its share of the calls in each; the
 * ratio is the median round's (a burst of load from elsewhere lands on one endpoint of one round).
 */
async function measure(direct: ClientGroup, proxied: ClientGroup): Promise<[Measured, Measured]> {
  const result: [Measured, Measured] = [measured(), measured()];
  await runLoad(direct, WARMUP_CALLS, 'warm');
  await runLoad(proxied, WARMUP_CALLS, 'warm');
  for (let round = 0; round < ROUNDS; round++) {
    const calls = Math.floor(CALLS / ROUNDS) + (round < CALLS % ROUNDS ? 1 : 0);
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    for (const which of order) {
      const group = which === 0 ? direct : proxied;
      await add(result[which] as Measured, () => runLoad(group, calls, `r${String(round)}`));
    }
  }
  return result;
}

function medianRatio(direct: Measured, proxied: Measured): number {
  const ratios = direct.p50s.map((p50, round) => p50 / (proxied.p50s[round] ?? Number.NaN));
  ratios.sort((a, b) => a - b);
  return ratios[ratios.length >> 1] ?? Number.NaN;
}

/** The evidence records the proxy's vault holds (read after it stopped): one per call through it. */
function evidenceCount(home: string): number {
  const db = new Database(join(home, 'airlock.sqlite'), { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM airlock_evidence').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

function rows(direct: Measured, proxied: Measured): BenchRow[] {
  const [d, p] = [pooled(direct), pooled(proxied)];
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  const [d50, p50, d99, p99] = [quantile(d, 0.5), quantile(p, 0.5), quantile(d, 0.99), quantile(p, 0.99)];
  const rate = (of: Measured, all: Float64Array) => (all.length * 1000) / of.wallMs;
  const [dRate, pRate] = [rate(direct, d), rate(proxied, p)];
  const baseline = 'the same clients calling the server directly';
  return [
    {
      name: 'p50 latency through the proxy',
      baseline,
      ratio: medianRatio(direct, proxied),
      detail: `p50 ${ms(p50)} proxied vs ${ms(d50)} direct: ${(p50 / d50).toFixed(2)}× (+${ms(p50 - d50)}) over all calls, ${(1 / medianRatio(direct, proxied)).toFixed(2)}× in the median of ${String(ROUNDS)} rounds`,
      target: '≥ 0.67 (p50 within 1.5× the direct call)',
    },
    {
      name: 'p99 latency through the proxy',
      baseline,
      ratio: d99 / p99,
      detail: `p99 ${ms(p99)} proxied vs ${ms(d99)} direct: ${(p99 / d99).toFixed(2)}× (+${ms(p99 - d99)})`,
    },
    {
      name: 'calls per second through the proxy',
      baseline,
      ratio: pRate / dRate,
      detail: `${pRate.toFixed(0)} calls/s vs ${dRate.toFixed(0)} calls/s direct`,
    },
  ];
}

/** The proxy's added latency under concurrent load, with the SQLite vault keeping every result. */
export const proxySuite: BenchSuite = {
  title: `MCP proxy under load (${String(CLIENTS)} HTTP clients × ${String(CALLS)} echo calls, server-everything, SQLite vault)`,
  async run(): Promise<readonly BenchRow[]> {
    const home = mkdtempSync(join(tmpdir(), 'airlock-bench-proxy-'));
    const started: Listening[] = [];
    const groups: ClientGroup[] = [];
    try {
      const server = await startEverything();
      started.push(server);
      const profile = PROFILE_DIR === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`];
      const proxy = await startProxy(home, profile);
      started.push(proxy);
      const direct = await connectClients(server.url, CLIENTS);
      groups.push(direct);
      const proxied = await connectClients(proxy.url, CLIENTS);
      groups.push(proxied);
      const [byServer, byProxy] = await measure(direct, proxied);
      await Promise.all(groups.splice(0).map((group) => group.close()));
      const code = await proxy.stop();
      if (code !== 0) throw new Error(`the proxy exited with ${String(code)}:\n${proxy.stderr()}`);
      const expected = CLIENTS * (CALLS + WARMUP_CALLS);
      const kept = evidenceCount(home);
      if (kept !== expected)
        throw new Error(`${String(kept)} evidence records for ${String(expected)} calls`);
      return rows(byServer, byProxy);
    } finally {
      await Promise.all(groups.map((group) => group.close()));
      await Promise.all(started.map((process) => process.stop()));
      rmSync(home, { recursive: true, force: true });
    }
  },
};

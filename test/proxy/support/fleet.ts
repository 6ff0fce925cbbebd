// A fleet of `airlock proxy --listen` processes on one shared store, behind a round-robin, and load to run through it.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { runCli } from '../../../src/cli/main.js';
import { settleWithin } from '../../../src/vocabulary/settle-within.js';
import { memoryIo } from '../../support/cli-io.js';
import { POSTGRES, REDIS, type TestServer } from '../../support/servers.js';
import { freshHome, httpClient, listeningProxy, type ClientOptions, type ListeningProxy } from './clients.js';
import { roundRobin, type RoundRobin } from './round-robin.js';
import { EVERYTHING } from './servers.js';

/** A backend a fleet can share: the server, the store URL of one run (its own schema or key prefix), cleanup. */
export interface FleetBackend {
  readonly server: TestServer;
  /** The `--store` value of run `run`: a schema (PostgreSQL) or key prefix (Redis) of its own. */
  store(run: string): string;
  /** Removes everything run `run` stored. */
  drop(run: string): Promise<void>;
}

/** PostgreSQL: the run's tables in the schema `airlock_fleet_RUN` (`?schema=` in the store URL). */
export const POSTGRES_FLEET: FleetBackend = Object.freeze({
  server: POSTGRES,
  store: (run: string) => withParameter(POSTGRES.url, 'schema', `airlock_fleet_${run}`),
  async drop(run: string) {
    const pool = new pg.Pool({ connectionString: POSTGRES.url, max: 1 });
    await pool.query(`DROP SCHEMA IF EXISTS "airlock_fleet_${run}" CASCADE`).finally(() => pool.end());
  },
});

/** Redis: the run's keys under `airlock-fleet:RUN:` (`?prefix=` in the store URL). */
export const REDIS_FLEET: FleetBackend = Object.freeze({
  server: REDIS,
  store: (run: string) => withParameter(REDIS.url, 'prefix', `airlock-fleet:${run}:`),
  async drop(run: string) {
    const redis = new Redis(REDIS.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    try {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `airlock-fleet:${run}:*`, 'COUNT', 1000);
        if (keys.length > 0) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    } finally {
      redis.disconnect();
    }
  },
});

function withParameter(url: string, name: string, value: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set(name, value);
  return parsed.href;
}

/** A run id: lower-case letters and digits, fit for a schema name and a key prefix. */
export function runId(): string {
  return randomBytes(6).toString('hex');
}

/** Proxies on one store behind a round-robin. */
export interface Fleet {
  readonly proxies: readonly ListeningProxy[];
  readonly balancer: RoundRobin;
  close(): Promise<void>;
}

/**
 * Starts `count` proxies in front of server-everything (each spawns its own), every one with its own state
 * folder (audit log) but the same `--store` and `--key-file`, `--approve none`; then a round-robin over them.
 */
export async function startFleet(store: string, keyFile: string, count: number): Promise<Fleet> {
  const args = ['--store', store, '--key-file', keyFile, '--approve', 'none', '--', ...EVERYTHING];
  const homes = Array.from({ length: count }, () => freshHome());
  const started = await Promise.allSettled(homes.map((home) => listeningProxy(home, args)));
  const proxies = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  const removeHomes = () => {
    for (const home of homes) rmSync(home, { recursive: true, force: true });
  };
  if (failed !== undefined) {
    await Promise.all(proxies.map((proxy) => proxy.stop('SIGKILL')));
    removeHomes();
    throw failed.reason;
  }
  const balancer = await roundRobin(proxies.map((proxy) => proxy.url));
  return {
    proxies,
    balancer,
    async close() {
      await balancer.close();
      await Promise.all(proxies.map((proxy) => proxy.stop('SIGKILL'))); // those already ended stay so
      removeHomes();
    },
  };
}

/** The upstream (index) that carried the `tools/call` requests logged since `from`. */
export function callsServedBy(balancer: RoundRobin, from: number): number[] {
  return balancer.log
    .slice(from)
    .filter((entry) => entry.body.includes('"tools/call"'))
    .map((entry) => entry.upstream);
}

/** A message echo returns unchanged: lower-case letters only (no number or long run an earlier one shares). */
export function freshMessage(): string {
  return [...randomBytes(16)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('');
}

/** Where the operator works: the store, the fleet's key file, and a folder for what the commands write. */
export interface Operator {
  readonly store: string;
  readonly keyFile: string;
  readonly cwd: string;
}

/** `airlock evidence get REF` as the security operator, run in-process: its exit code and the bytes on stdout. */
async function evidenceGet(
  ref: string,
  { store, keyFile, cwd }: Operator,
): Promise<{ code: number; bytes: Buffer }> {
  const io = memoryIo({ cwd });
  const args = ['evidence', 'get', ref, '--role', 'security-operator', '--tenant', 'default'];
  const code = await runCli(
    [...args, '--store', store, '--key-file', keyFile, '--audit-log', join(cwd, 'reads.jsonl')],
    io,
  );
  return { code, bytes: Buffer.from(io.outBytes()) };
}

/**
 * The acknowledged calls whose evidence `airlock evidence get` does not give back (exit 0, the bytes holding
 * `Echo: MESSAGE`, what the tool returned), by reference; eight reads at a time.
 */
export async function unreadableEvidence(
  calls: readonly Acknowledged[],
  operator: Operator,
): Promise<string[]> {
  const lost: string[] = [];
  for (let i = 0; i < calls.length; i += 8) {
    await Promise.all(
      calls.slice(i, i + 8).map(async ({ message, ref }) => {
        const read = await evidenceGet(ref, operator);
        if (read.code !== 0 || !read.bytes.toString('utf8').includes(`Echo: ${message}`)) lost.push(ref);
      }),
    );
  }
  return lost;
}

/** One echo call the fleet acknowledged: a successful result naming its evidence record. */
export interface Acknowledged {
  readonly message: string;
  readonly ref: string;
}

/** A call that was not acknowledged: when it ended, and how. */
export interface FailedCall {
  readonly at: number;
  /** `error`: the client's request failed; `timeout`: no answer in time; `refused`: an error result. */
  readonly kind: 'error' | 'timeout' | 'refused';
}

/** What a load run did. */
export interface LoadRun {
  readonly made: number;
  readonly acknowledged: readonly Acknowledged[];
  readonly failed: readonly FailedCall[];
}

/** Deadline of one call under load: a call cut off by a dead proxy must not hold its client. */
const CALL_DEADLINE_MS = 10_000;

/**
 * Connects one client per entry of `clients` to `url`, and has each call `echo` with a fresh message, one
 * call after the other, until `stop` aborts; then closes them. Resolves to what was made and acknowledged.
 */
export async function echoLoad(
  url: string,
  clients: readonly ClientOptions[],
  stop: AbortSignal,
  onAcknowledged: (call: Acknowledged) => void = () => undefined,
): Promise<LoadRun> {
  const acknowledged: Acknowledged[] = [];
  const failed: FailedCall[] = [];
  let made = 0;
  const connected = await Promise.all(clients.map((options) => httpClient(url, options)));
  await Promise.all(
    connected.map(async (client) => {
      while (!stop.aborted) {
        const message = freshMessage();
        made++;
        const settled = await settleWithin(() => client.callTool('echo', { message }), {
          timeoutMs: CALL_DEADLINE_MS,
        });
        if (settled.kind !== 'value') {
          failed.push({ at: Date.now(), kind: settled.kind === 'timeout' ? 'timeout' : 'error' });
          continue;
        }
        const ref = settled.value._meta?.['agent-airlock/evidence'];
        if (settled.value.isError === true || typeof ref !== 'string') {
          failed.push({ at: Date.now(), kind: 'refused' });
          continue;
        }
        acknowledged.push({ message, ref });
        onAcknowledged({ message, ref });
      }
    }),
  );
  await Promise.all(connected.map((client) => settleWithin(() => client.close(), { timeoutMs: 5_000 })));
  return { made, acknowledged, failed };
}

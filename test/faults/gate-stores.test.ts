// Fault suite, real servers: a frozen Redis, a Redis on a dead port, a frozen PostgreSQL link; the gate still ends on time.
import { randomBytes } from 'node:crypto';
import { Redis, type RedisOptions } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { memoryAuditSink } from '../../src/audit/sinks.js';
import type { EvidenceStore } from '../../src/evidence/store.js';
import { createPostgresStore } from '../../src/evidence/stores/postgres.js';
import { createRedisStore } from '../../src/evidence/stores/redis.js';
import { createVault } from '../../src/evidence/vault.js';
import { createGate } from '../../src/gate/create-gate.js';
import { DEFAULT_IO_TIMEOUT_MS } from '../../src/vocabulary/settle-within.js';
import { randomKeys } from '../evidence/fixtures.js';
import { POSTGRES, serverAvailable } from '../support/servers.js';
import { freePort, startPrivateRedis, startProxy, type FreezableProxy } from './fault-servers.js';
import type { PrivateRedis } from './fault-servers.js';
import { context, deployment, GRACE_MS, healthy, IO_MS } from './fixtures.js';
import { printSlowest, timed } from './timing.js';

/** A gate over a vault on `store`, auditing into memory. */
function gateOver(store: EvidenceStore, ioTimeoutMs?: number) {
  const audit = memoryAuditSink();
  const vault = createVault({ store, keys: randomKeys(), audit: () => undefined });
  const gate = createGate({ audit, vault, ...(ioTimeoutMs === undefined ? {} : { ioTimeoutMs }) });
  return { audit, gate };
}

/** Runs one call under `fault` and checks it failed closed on time, reporting no evidence. */
async function expectEvidenceTimeout(fault: string, store: EvidenceStore, ioTimeoutMs?: number) {
  const { gate, audit } = gateOver(store, ioTimeoutMs);
  const { value: outcome, ms } = await timed(fault, () => gate.accept(deployment, healthy, context));
  expect(outcome).toMatchObject({ ok: false, error: { code: 'internal_error', retryable: true } });
  expect(outcome.meta.evidence).toBeUndefined();
  expect(audit.records).toHaveLength(1);
  expect(audit.records[0]?.issue?.code).toBe('internal.evidence_timeout');
  expect(audit.records[0]?.evidence).toBeUndefined();
  expect(ms).toBeLessThan((ioTimeoutMs ?? DEFAULT_IO_TIMEOUT_MS) + GRACE_MS);
}

/**
 * Stores one record while the server answers, then freezes it (`freezable`) and checks three calls in a row
 * fail closed on time; lets it run again whatever happened.
 */
async function expectFrozenFailsClosed(
  fault: string,
  store: EvidenceStore,
  freezable: { freeze(): void; thaw(): void },
): Promise<void> {
  const { gate } = gateOver(store, IO_MS);
  expect((await gate.accept(deployment, healthy, context)).meta.evidence).toMatch(/^ev_/);
  freezable.freeze();
  try {
    for (let i = 0; i < 3; i++) await expectEvidenceTimeout(fault, store, IO_MS);
  } finally {
    freezable.thaw();
  }
}

afterAll(() => {
  printSlowest('gate, store faults');
});

describe('Redis faults', () => {
  let redis: PrivateRedis | undefined;
  const clients: Redis[] = [];
  const client = (options: RedisOptions): Redis => {
    const made = new Redis({ host: '127.0.0.1', ...options });
    made.on('error', () => undefined);
    clients.push(made);
    return made;
  };
  beforeAll(async () => {
    redis = await startPrivateRedis();
  });
  afterAll(async () => {
    redis?.thaw();
    for (const made of clients) made.disconnect();
    await redis?.stop();
  });

  test('a Redis server frozen with SIGSTOP: the call fails closed at the deadline', async (t) => {
    if (redis === undefined) return t.skip();
    const store = createRedisStore({ client: client({ port: redis.port }), prefix: 'fault:' });
    await expectFrozenFailsClosed('Redis frozen (SIGSTOP)', store, redis);
  });

  test('ioredis retrying without end on a dead port: the call fails closed at the deadline', async () => {
    const port = await freePort();
    const store = createRedisStore({ client: client({ port, maxRetriesPerRequest: null }) });
    for (let i = 0; i < 3; i++)
      await expectEvidenceTimeout('Redis dead port, unlimited retries', store, IO_MS);
  });

  test('ioredis with its default settings on a dead port ends within the default deadline', async () => {
    const port = await freePort();
    const store = createRedisStore({ client: client({ port }) });
    await expectEvidenceTimeout('Redis dead port, ioredis defaults, gate defaults', store);
  });
});

describe('PostgreSQL faults', () => {
  let available = false;
  let proxy: FreezableProxy | undefined;
  let store: EvidenceStore | undefined;
  const schema = `airlock_fault_${randomBytes(6).toString('hex')}`;
  beforeAll(async () => {
    available = await serverAvailable(POSTGRES);
    if (!available) return;
    const target = new URL(POSTGRES.url);
    proxy = await startProxy(target.hostname, Number(target.port));
    const viaProxy = new URL(POSTGRES.url);
    viaProxy.port = String(proxy.port);
    store = await createPostgresStore({ connectionString: viaProxy.href, schema, table: 'evidence' });
  });
  afterAll(async () => {
    proxy?.thaw();
    await store?.close();
    await proxy?.close();
    if (!available) return;
    const pool = new pg.Pool({ connectionString: POSTGRES.url, max: 1 });
    await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await pool.end();
  });

  test('the link to PostgreSQL frozen mid-session: the call fails closed at the deadline', async (t) => {
    if (store === undefined || proxy === undefined) return t.skip();
    await expectFrozenFailsClosed('PostgreSQL link frozen', store, proxy);
  });
});

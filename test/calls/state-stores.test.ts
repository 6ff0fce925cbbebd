// Runs the tool state store contract against memory, a SQLite file, and the real PostgreSQL and Redis servers.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryToolStore } from '../../src/calls/stores/memory.js';
import { createPostgresToolStore } from '../../src/calls/stores/postgres.js';
import { createRedisToolStore } from '../../src/calls/stores/redis.js';
import { createSqliteToolStore } from '../../src/calls/stores/sqlite.js';
import { POSTGRES, REDIS, serverAvailable } from '../support/servers.js';
import { describeToolStoreContract } from './state-store-contract.js';

const postgresUp = await serverAvailable(POSTGRES);
const redisUp = await serverAvailable(REDIS);
const run = randomBytes(6).toString('hex');
const folder = mkdtempSync(join(tmpdir(), 'airlock-tools-'));
const pool = postgresUp ? new pg.Pool({ connectionString: POSTGRES.url, max: 6 }) : undefined;
const schema = `airlock_tools_${run}`;
const redis = redisUp ? new Redis(REDIS.url, { maxRetriesPerRequest: 2 }) : undefined;
let count = 0;

async function deleteRedisKeys(prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis!.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length > 0) await redis!.del(...keys);
  } while (cursor !== '0');
}

afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  if (pool !== undefined) {
    await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await pool.end();
  }
  if (redis !== undefined) {
    await deleteRedisKeys(`airlock-test:${run}:`);
    await redis.quit();
  }
});

describeToolStoreContract('memory', () => {
  const store = createMemoryToolStore();
  return Promise.resolve({ store, other: () => Promise.resolve(store), dispose: () => store.close() });
});

describeToolStoreContract('sqlite', () => {
  const path = join(folder, `tools-${count++}.sqlite`);
  const store = createSqliteToolStore(path);
  return Promise.resolve({
    store,
    other: () => Promise.resolve(createSqliteToolStore(path)),
    dispose: () => store.close(),
  });
});

describeToolStoreContract(
  'postgres',
  async () => {
    const table = `tools_${count++}`;
    const store = await createPostgresToolStore({ pool: pool!, schema, table });
    return {
      store,
      other: () => createPostgresToolStore({ connectionString: POSTGRES.url, schema, table }),
      dispose: async () => {
        await store.close();
        await pool!.query(`DROP TABLE IF EXISTS "${schema}"."${table}"`);
      },
    };
  },
  postgresUp,
);

describeToolStoreContract(
  'redis',
  () => {
    const prefix = `airlock-test:${run}:${count++}:`;
    const store = createRedisToolStore({ client: redis!, prefix });
    return Promise.resolve({
      store,
      other: () =>
        Promise.resolve(
          createRedisToolStore({
            client: new Redis(REDIS.url, { maxRetriesPerRequest: 2 }),
            prefix,
            ownsClient: true,
          }),
        ),
      dispose: async () => {
        await store.close();
        await deleteRedisKeys(prefix);
      },
    });
  },
  redisUp,
);

describe('tool state store configuration', () => {
  it('refuses names that would be interpolated unsafely', async () => {
    expect(() =>
      createRedisToolStore({ client: new Redis({ lazyConnect: true }), prefix: 'air*lock:' }),
    ).toThrow(TypeError);
    await expect(
      createPostgresToolStore({ connectionString: POSTGRES.url, table: 'tools; DROP TABLE x' }),
    ).rejects.toThrow(TypeError);
    expect(() => createSqliteToolStore(join(folder, 'x.sqlite'), { busyTimeoutMs: -1 })).toThrow(TypeError);
  });

  it.skipIf(!postgresUp)('creates its table once when many instances start together', async () => {
    const stores = await Promise.all(
      Array.from({ length: 5 }, () =>
        createPostgresToolStore({ connectionString: POSTGRES.url, schema, table: 'tools_race' }),
      ),
    );
    await Promise.all(stores.map((store) => store.close()));
    const { rows } = await pool!.query(
      'SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = $1 AND tablename = $2',
      [schema, 'tools_race'],
    );
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('reads a state it does not know as offline, the safest state', async () => {
    const path = join(folder, 'corrupt.sqlite');
    const store = createSqliteToolStore(path);
    await store.setState('search_tickets', 'active', 1);
    const Database = (await import('better-sqlite3')).default;
    const db = new Database(path);
    db.prepare(`UPDATE airlock_tools SET state = 'wide-open' WHERE name = 'search_tickets'`).run();
    db.close();
    expect(await store.get('search_tickets')).toMatchObject({ state: 'offline' });
    await store.close();
  });
});

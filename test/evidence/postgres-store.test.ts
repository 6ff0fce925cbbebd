// Runs the store contract against the real PostgreSQL server, one fresh table per test in a per-run schema.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresStore } from '../../src/evidence/stores/postgres.js';
import { POSTGRES, serverAvailable } from '../support/servers.js';
import { describeStoreContract } from './store-contract.js';

const available = await serverAvailable(POSTGRES);
const schema = `airlock_test_${randomBytes(6).toString('hex')}`;
const pool = available ? new pg.Pool({ connectionString: POSTGRES.url, max: 8 }) : undefined;
let count = 0;

afterAll(async () => {
  if (pool === undefined) return;
  await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await pool.end();
});

describeStoreContract(
  'postgres',
  async () => {
    const table = `evidence_${count++}`;
    const store = await createPostgresStore({ pool: pool!, schema, table });
    return {
      store,
      dispose: async () => {
        await store.close();
        await pool!.query(`DROP TABLE IF EXISTS "${schema}"."${table}"`);
      },
    };
  },
  available,
);

describe.skipIf(!available)('postgres evidence store', () => {
  it('creates its schema and table once when many instances start together', async () => {
    const table = 'evidence_race';
    const stores = await Promise.all(
      Array.from({ length: 6 }, () => createPostgresStore({ connectionString: POSTGRES.url, schema, table })),
    );
    await Promise.all(stores.map((store) => store.close()));
    const { rows } = await pool!.query(
      'SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = $1 AND tablename = $2',
      [schema, table],
    );
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('refuses a schema or table name that is not a plain identifier', async () => {
    await expect(createPostgresStore({ pool: pool!, table: 'evidence; DROP TABLE x' })).rejects.toThrow(
      TypeError,
    );
    await expect(createPostgresStore({ pool: pool!, schema: 'Airlock' })).rejects.toThrow(TypeError);
  });
});

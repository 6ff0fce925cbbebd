// Shared PostgreSQL setup for Airlock's tables: checked identifiers, the pool, locked creation of schema objects.
import type PgModule from 'pg';
import { loadPeer } from '../../peers/load-peer.js';
import type { PostgresPool } from '../../peers/postgres-pool.js';
import { SQL_IDENTIFIER_PATTERN } from '../defaults.js';

/** Options shared by Airlock's PostgreSQL stores: a pool to borrow or a connection string, a schema, a table. */
export type PostgresStoreOptions = (
  { readonly pool: PostgresPool } | { readonly connectionString: string }
) & {
  /** The schema holding the table; `airlock` when absent. */
  readonly schema?: string;
  /** The table's name; each store has its own default. */
  readonly table?: string;
};

/** A pool to use, its quoted `"schema"."table"`, and how to release it. */
export interface PostgresTarget {
  readonly pool: PostgresPool;
  readonly schema: string;
  readonly table: string;
  readonly qualified: string;
  /** Ends the pool when the store opened it; a borrowed pool is left alone. */
  readonly release: () => Promise<void>;
}

/** A schema or table name, refused (TypeError) unless it is a plain lower-case SQL identifier. */
export function sqlIdentifier(name: string, what: string): string {
  if (!SQL_IDENTIFIER_PATTERN.test(name)) {
    throw new TypeError(`The PostgreSQL ${what} name must match ${String(SQL_IDENTIFIER_PATTERN)}.`);
  }
  return name;
}

/**
 * Opens (or borrows) the pool and creates the schema and the store's objects if missing, in one transaction
 * under an advisory lock so instances starting together do not race. On failure an opened pool is ended.
 */
export async function preparePostgres(
  options: PostgresStoreOptions,
  defaultTable: string,
  statements: (qualified: string, table: string) => readonly string[],
  poolSize: number,
): Promise<PostgresTarget> {
  const schema = sqlIdentifier(options.schema ?? 'airlock', 'schema');
  const table = sqlIdentifier(options.table ?? defaultTable, 'table');
  const qualified = `"${schema}"."${table}"`;
  const owned = 'connectionString' in options;
  const pool: PostgresPool = owned
    ? new (loadPeer('pg', 'The PostgreSQL store') as typeof PgModule).Pool({
        connectionString: options.connectionString,
        max: poolSize,
      })
    : options.pool;
  // An idle connection that drops emits 'error' on the pool; the next query reports the failure instead.
  if (owned) pool.on('error', () => undefined);
  const release = async (): Promise<void> => {
    if (owned) await pool.end();
  };
  const client = await pool.connect().catch(async (error: unknown) => {
    await release();
    throw error;
  });
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`airlock:${schema}.${table}`]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    for (const statement of statements(qualified, table)) await client.query(statement);
    await client.query('COMMIT');
  } catch (error: unknown) {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release();
    await release();
    throw error;
  }
  client.release();
  return { pool, schema, table, qualified, release };
}

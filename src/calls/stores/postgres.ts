// The PostgreSQL tool state store (pg): one table, created if missing, shared by every instance.
import pg from 'pg';
import type { Pool } from 'pg';
import { SQL_IDENTIFIER_PATTERN } from '../../evidence/defaults.js';
import type { PostgresStoreOptions } from '../../evidence/stores/postgres.js';
import type { ToolRecord, ToolState, ToolStateStore } from '../tool-state.js';
import { toolRecordFrom, toolSql, type SqlStatement } from './tool-sql.js';

/**
 * Options of {@link createPostgresToolStore}: the evidence store's options (a pool to borrow or a connection
 * string, a schema, a table), with the table called `tools` when absent.
 */
export type PostgresToolStoreOptions = PostgresStoreOptions;

/**
 * A store in one PostgreSQL table, created with its schema and index when missing, under a transaction-scoped
 * advisory lock so instances starting together do not race. `close()` ends the pool only when the store opened it.
 */
export async function createPostgresToolStore(options: PostgresToolStoreOptions): Promise<ToolStateStore> {
  const schema = identifier(options.schema ?? 'airlock', 'schema');
  const table = identifier(options.table ?? 'tools', 'table');
  const owned = 'connectionString' in options;
  const pool = owned ? new pg.Pool({ connectionString: options.connectionString, max: 4 }) : options.pool;
  // An idle connection that drops emits 'error' on the pool; the next query reports the failure instead.
  if (owned) pool.on('error', () => undefined);
  const sql = toolSql(`"${schema}"."${table}"`, (position) => `$${position}`, 'BIGINT');
  try {
    await createTable(pool, schema, sql.createTable, `airlock:${schema}.${table}`);
  } catch (error: unknown) {
    if (owned) await pool.end();
    throw error;
  }
  const query = async (statement: SqlStatement) =>
    pool.query<Record<string, unknown>>(statement.text, [...statement.values]);

  return Object.freeze({
    async get(name: string): Promise<ToolRecord | undefined> {
      const row = (await query(sql.get(name))).rows[0];
      return row === undefined ? undefined : toolRecordFrom(row);
    },
    async namesWithBody(bodyHash: string): Promise<readonly string[]> {
      return (await query(sql.namesWithBody(bodyHash))).rows.map((row) => String(row.name)).sort();
    },
    async pin(name: string, hash: string, bodyHash: string, at: number): Promise<void> {
      await query(sql.pin(name, hash, bodyHash, at));
    },
    async unpin(name: string, at: number): Promise<boolean> {
      return (await query(sql.unpin(name, at))).rowCount === 1;
    },
    async setState(name: string, state: ToolState, at: number): Promise<void> {
      await query(sql.setState(name, state, at));
    },
    async close(): Promise<void> {
      if (owned) await pool.end();
    },
  });
}

async function createTable(
  pool: Pool,
  schema: string,
  statements: readonly string[],
  lockKey: string,
): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [lockKey]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    for (const statement of statements) await client.query(statement);
    await client.query('COMMIT');
  } catch (error: unknown) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

function identifier(name: string, what: string): string {
  if (!SQL_IDENTIFIER_PATTERN.test(name)) {
    throw new TypeError(`The PostgreSQL ${what} name must match ${String(SQL_IDENTIFIER_PATTERN)}.`);
  }
  return name;
}

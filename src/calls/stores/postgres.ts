// The PostgreSQL tool state store (pg): one table, created if missing, shared by every instance.
import { preparePostgres, type PostgresStoreOptions } from '../../evidence/stores/postgres-setup.js';
import type { DefinitionKind, KeptDefinition, ToolRecord, ToolState, ToolStateStore } from '../tool-state.js';
import { keptDefinitionFrom, toolRecordFrom, toolSql, type SqlStatement } from './tool-sql.js';

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
  const sqlFor = (qualified: string) => toolSql(qualified, (position) => `$${position}`, 'BIGINT');
  const { pool, qualified, release } = await preparePostgres(
    options,
    'tools',
    (q) => sqlFor(q).createTable,
    4,
  );
  const sql = sqlFor(qualified);
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
    async keepDefinition(name: string, kind: DefinitionKind, kept: KeptDefinition): Promise<void> {
      await query(sql.keepDefinition(name, kind, kept));
    },
    async definition(name: string, kind: DefinitionKind): Promise<KeptDefinition | undefined> {
      const row = (await query(sql.definition(name, kind))).rows[0];
      return row === undefined ? undefined : keptDefinitionFrom(row);
    },
    async names(): Promise<readonly string[]> {
      return (await query(sql.names())).rows.map((row) => String(row.name)).sort();
    },
    close: release,
  });
}

// The PostgreSQL evidence store (pg): one table, created if missing, in a configurable schema.
import type { PostgresResult } from '../../peers/postgres-pool.js';
import type { EvidenceRow, WrappedKeyRow } from '../record.js';
import type { EvidenceStore } from '../store.js';
import { ALL_COLUMNS, columnPlaceholders, evidenceRowFrom, REWRAP_PAGE_SIZE, rowValues } from './columns.js';
import { WRAPPED_KEY_COLUMNS, wrappedKeyRowFrom } from './columns.js';
import type { SqlRow } from './columns.js';
import { preparePostgres, type PostgresStoreOptions } from './postgres-setup.js';

export type { PostgresStoreOptions } from './postgres-setup.js';

/**
 * A store in one PostgreSQL table, created (with its schema and indexes) when missing, under an advisory lock
 * so instances starting together do not race. A commit is durable under PostgreSQL's default
 * `synchronous_commit = on`. `close()` ends the pool only when the store opened it.
 */
export async function createPostgresStore(options: PostgresStoreOptions): Promise<EvidenceStore> {
  const { pool, qualified, release } = await preparePostgres(options, 'evidence', evidenceTable, 10);
  const placeholders = columnPlaceholders((position) => `$${position}`);
  const query = async (text: string, values: unknown[]): Promise<PostgresResult<SqlRow>> =>
    pool.query<SqlRow>(text, values);

  return Object.freeze({
    async insert(row: EvidenceRow): Promise<void> {
      await query(`INSERT INTO ${qualified} (${ALL_COLUMNS}) VALUES (${placeholders})`, rowValues(row));
    },
    async get(ref: string): Promise<EvidenceRow | undefined> {
      const result = await query(`SELECT ${ALL_COLUMNS} FROM ${qualified} WHERE ref = $1`, [ref]);
      const row = result.rows[0];
      return row === undefined ? undefined : evidenceRowFrom(row);
    },
    async revoke(ref: string, revokedAt: number): Promise<boolean> {
      const result = await query(
        `UPDATE ${qualified} SET revoked_at = $1, wrapped_key = '', iv = '', ciphertext = '', tag = ''
         WHERE ref = $2 AND revoked_at IS NULL`,
        [revokedAt, ref],
      );
      return result.rowCount === 1;
    },
    async purgeExpired(now: number): Promise<number> {
      return (await query(`DELETE FROM ${qualified} WHERE expires_at <= $1`, [now])).rowCount ?? 0;
    },
    async *listForRewrap(currentKeyId: string): AsyncIterable<WrappedKeyRow> {
      let after = '';
      for (;;) {
        const { rows } = await query(
          `SELECT ${WRAPPED_KEY_COLUMNS} FROM ${qualified}
           WHERE key_id <> $1 AND revoked_at IS NULL AND ref COLLATE "C" > $2
           ORDER BY ref COLLATE "C" LIMIT $3`,
          [currentKeyId, after, REWRAP_PAGE_SIZE],
        );
        for (const row of rows) yield wrappedKeyRowFrom(row);
        const last = rows.at(-1);
        if (last === undefined || rows.length < REWRAP_PAGE_SIZE) return;
        after = String(last.ref);
      }
    },
    async updateWrappedKey(ref: string, fromKeyId: string, toKeyId: string, wrappedKey: Uint8Array) {
      const result = await query(
        `UPDATE ${qualified} SET key_id = $1, wrapped_key = $2
         WHERE ref = $3 AND key_id = $4 AND revoked_at IS NULL`,
        [toKeyId, Buffer.from(wrappedKey), ref, fromKeyId],
      );
      return result.rowCount === 1;
    },
    close: release,
  });
}

/** The evidence table and its indexes (expiry for purges, key id for re-wraps). */
function evidenceTable(qualified: string, table: string): readonly string[] {
  return [
    `
      CREATE TABLE IF NOT EXISTS ${qualified} (
        ref TEXT PRIMARY KEY,
        tenant TEXT NOT NULL,
        tool TEXT NOT NULL,
        schema_version TEXT NOT NULL,
        request_id TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        key_id TEXT NOT NULL,
        wrapped_key BYTEA NOT NULL,
        iv BYTEA NOT NULL,
        ciphertext BYTEA NOT NULL,
        tag BYTEA NOT NULL,
        revoked_at BIGINT
      )`,
    `CREATE INDEX IF NOT EXISTS "${table}_expires" ON ${qualified} (expires_at)`,
    `CREATE INDEX IF NOT EXISTS "${table}_key" ON ${qualified} (key_id)`,
  ];
}

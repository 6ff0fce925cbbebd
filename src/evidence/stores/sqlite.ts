// The embedded evidence store: one SQLite file through better-sqlite3, in WAL mode, every write flushed before it is acknowledged.
import { closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { openSqlite } from '../../peers/sqlite.js';
import type { EvidenceRow, WrappedKeyRow } from '../record.js';
import type { EvidenceStore } from '../store.js';
import {
  ALL_COLUMNS,
  columnPlaceholders,
  evidenceRowFrom,
  REWRAP_PAGE_SIZE,
  rowValues,
  WRAPPED_KEY_COLUMNS,
  wrappedKeyRowFrom,
} from './columns.js';
import type { SqlRow } from './columns.js';
import { asError, durableCommits } from './sqlite-commit.js';

/** Options of {@link createSqliteStore}. */
export interface SqliteStoreOptions {
  /** How long a writer waits for another process's write lock, in milliseconds; 10 s when absent. */
  readonly busyTimeoutMs?: number;
}

const TABLE = 'airlock_evidence';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS ${TABLE} (
  ref TEXT PRIMARY KEY NOT NULL,
  tenant TEXT NOT NULL,
  tool TEXT NOT NULL,
  schema_version TEXT NOT NULL,
  request_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  key_id TEXT NOT NULL,
  wrapped_key BLOB NOT NULL,
  iv BLOB NOT NULL,
  ciphertext BLOB NOT NULL,
  tag BLOB NOT NULL,
  revoked_at INTEGER
) STRICT;
CREATE INDEX IF NOT EXISTS ${TABLE}_expires ON ${TABLE} (expires_at);
CREATE INDEX IF NOT EXISTS ${TABLE}_key ON ${TABLE} (key_id);
`;

/**
 * A store in one SQLite file, shared safely by several processes. The file is created readable by its owner
 * only. Journal mode is WAL (readers never block the writer) and `busy_timeout` makes concurrent writers wait
 * for the lock instead of failing.
 *
 * Durability: a returned reference id is a promise that the evidence exists, so no write is acknowledged
 * before it is on disk (a commit that only reached the page cache could vanish on power loss or an OS crash;
 * a killed process loses nothing either way). The WAL is flushed off the event loop, once for every write
 * committed meanwhile, and the inserts of one turn share a transaction (see {@link durableCommits}); the cost
 * is measured by the evidence benchmark.
 *
 * A file deleted or replaced under an open store would otherwise go on accepting writes into an unlinked
 * inode, reporting records as stored that nobody can read again: every write first checks that the path still
 * names the file that was opened (device and inode, one `stat`), and rejects when it does not.
 */
export function createSqliteStore(path: string, options: SqliteStoreOptions = {}): EvidenceStore {
  if (path !== ':memory:' && !existsSync(path)) createPrivateFile(path);
  const db = openSqlite(path, options.busyTimeoutMs ?? 10_000, 'The SQLite evidence store');
  db.pragma('synchronous = NORMAL');
  db.exec(SCHEMA);
  const sameFile = fileIdentityCheck(path);

  const insert = db.prepare(
    `INSERT INTO ${TABLE} (${ALL_COLUMNS}) VALUES (${columnPlaceholders(() => '?')})`,
  );
  const select = db.prepare<[string], SqlRow>(`SELECT ${ALL_COLUMNS} FROM ${TABLE} WHERE ref = ?`);
  const revoke = db.prepare(
    `UPDATE ${TABLE} SET revoked_at = ?, wrapped_key = x'', iv = x'', ciphertext = x'', tag = x''
     WHERE ref = ? AND revoked_at IS NULL`,
  );
  const purge = db.prepare(`DELETE FROM ${TABLE} WHERE expires_at <= ?`);
  const page = db.prepare<[string, string, number], SqlRow>(
    `SELECT ${WRAPPED_KEY_COLUMNS} FROM ${TABLE}
     WHERE key_id <> ? AND revoked_at IS NULL AND ref > ? ORDER BY ref LIMIT ?`,
  );
  const rewrap = db.prepare(
    `UPDATE ${TABLE} SET key_id = ?, wrapped_key = ? WHERE ref = ? AND key_id = ? AND revoked_at IS NULL`,
  );

  const commits = durableCommits(
    db,
    path,
    sameFile,
    (row: EvidenceRow) => void insert.run(...rowValues(row)),
  );
  const { write } = commits;

  return Object.freeze({
    insert: commits.insert,
    get: (ref: string) => settle(() => mapOptional(select.get(ref))),
    revoke: (ref: string, revokedAt: number) => write(() => revoke.run(revokedAt, ref).changes === 1),
    purgeExpired: (now: number) => write(() => purge.run(now).changes),
    async *listForRewrap(currentKeyId: string): AsyncIterable<WrappedKeyRow> {
      let after = '';
      for (;;) {
        const rows = await settle(() => page.all(currentKeyId, after, REWRAP_PAGE_SIZE));
        for (const row of rows) yield wrappedKeyRowFrom(row);
        const last = rows.at(-1);
        if (last === undefined || rows.length < REWRAP_PAGE_SIZE) return;
        after = String(last.ref);
      }
    },
    updateWrappedKey: (ref: string, fromKeyId: string, toKeyId: string, wrappedKey: Uint8Array) =>
      write(() => rewrap.run(toKeyId, Buffer.from(wrappedKey), ref, fromKeyId).changes === 1),
    async close() {
      await commits.drain();
      db.close();
    },
  });
}

/** Creates an empty file readable by its owner only (SQLite gives its WAL and SHM files the same mode). */
function createPrivateFile(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  closeSync(openSync(path, 'a', 0o600));
}

/**
 * A check that `path` still names the file opened now (same device and inode). An in-memory database has no
 * file and always passes.
 */
function fileIdentityCheck(path: string): () => boolean {
  if (path === ':memory:') return () => true;
  const opened = statSync(path, { bigint: true });
  return () => {
    const now = statSync(path, { bigint: true, throwIfNoEntry: false });
    return now !== undefined && now.ino === opened.ino && now.dev === opened.dev;
  };
}

function mapOptional(row: SqlRow | undefined): EvidenceRow | undefined {
  return row === undefined ? undefined : evidenceRowFrom(row);
}

/** Runs a synchronous driver call as a promise: its throw becomes a rejection. */
function settle<T>(run: () => T): Promise<T> {
  try {
    return Promise.resolve(run());
  } catch (error: unknown) {
    return Promise.reject(asError(error));
  }
}

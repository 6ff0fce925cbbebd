// Opens a SQLite file through the optional better-sqlite3 package, in WAL mode with a busy timeout.
import type BetterSqlite3 from 'better-sqlite3';
import { loadPeer } from './load-peer.js';

/** An open better-sqlite3 database. */
export type SqliteDatabase = BetterSqlite3.Database;

/**
 * Opens `path` (better-sqlite3 loaded on first use), makes concurrent writers wait up to `busyTimeoutMs` for
 * the lock, and turns on WAL so readers in other processes never block a writer. Throws a TypeError for a
 * negative or fractional timeout, `MissingPeerError` when better-sqlite3 is not installed.
 */
export function openSqlite(path: string, busyTimeoutMs: number, feature: string): SqliteDatabase {
  if (!Number.isSafeInteger(busyTimeoutMs) || busyTimeoutMs < 0)
    throw new TypeError('busyTimeoutMs must be a whole number ≥ 0.');
  const Database = loadPeer('better-sqlite3', feature) as typeof BetterSqlite3;
  const db = new Database(path);
  db.pragma(`busy_timeout = ${busyTimeoutMs}`);
  db.pragma('journal_mode = WAL');
  return db;
}

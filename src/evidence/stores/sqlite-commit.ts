// Durable commits for the SQLite evidence store: group commit, and the WAL flushed to disk off the event loop.
import { closeSync, fsync, fsyncSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import type { SqliteDatabase } from '../../peers/sqlite.js';

/** The commits of one SQLite evidence file, each acknowledged only once it is on disk. */
export interface DurableCommits<Row> {
  /** Queues a row: written with the others queued in the same turn, resolved once its commit is flushed. */
  readonly insert: (row: Row) => Promise<void>;
  /** Runs one write (a transaction of its own) and resolves with its result once the write is flushed. */
  readonly write: <T>(run: () => T) => Promise<T>;
  /** Writes the queued rows, waits for every flush under way, and releases the WAL file (before closing). */
  readonly drain: () => Promise<void>;
}

/** A queued row and the promise waiting for its commit. */
interface Queued<Row> {
  readonly row: Row;
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
}

/** Waiters for the next flush of the WAL. */
interface Waiter {
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
}

/**
 * Durable commits without stopping the event loop for the disk. The database runs with `synchronous=NORMAL`
 * (a commit writes the WAL without waiting for it), and every write is acknowledged only after an `fsync` of
 * the WAL file that began after the write returned, run on the thread pool: what `synchronous=FULL` does at
 * each commit, shared by every write committed meanwhile (group commit) and done while the event loop serves
 * other requests. SQLite itself syncs the WAL and the database around each checkpoint. The rows queued during
 * one turn of the event loop are inserted in one transaction; when it fails, they are inserted again one by
 * one, so a row that cannot be stored (a duplicate reference id) rejects alone. `sameFile` is checked before
 * each write (see the store). An in-memory database has nothing to flush.
 */
export function durableCommits<Row>(
  db: SqliteDatabase,
  path: string,
  sameFile: () => boolean,
  insertOne: (row: Row) => void,
): DurableCommits<Row> {
  const wal = walFlusher(path);
  let queue: Queued<Row>[] = [];
  const insertAll = db.transaction((rows: readonly Queued<Row>[]) => {
    for (const queued of rows) insertOne(queued.row);
  });

  const commitQueued = (): void => {
    const batch = queue;
    queue = [];
    if (batch.length === 0) return;
    try {
      checkFile(sameFile);
      insertAll(batch);
      wal.flushed().then(
        () => {
          settleAll(batch);
        },
        (error: unknown) => {
          settleAll(batch, asError(error));
        },
      );
    } catch (error: unknown) {
      if (batch.length === 1 || !sameFile()) settleAll(batch, asError(error));
      else
        for (const queued of batch)
          write(() => {
            insertOne(queued.row);
          }).then(queued.resolve, queued.reject);
    }
  };
  const write = <T>(run: () => T): Promise<T> => {
    try {
      checkFile(sameFile);
      const result = run();
      return wal.flushed().then(() => result);
    } catch (error: unknown) {
      return Promise.reject(asError(error));
    }
  };

  return {
    insert: (row) =>
      new Promise<void>((resolve, reject) => {
        queue.push({ row, resolve, reject });
        if (queue.length === 1) setImmediate(commitQueued);
      }),
    write,
    async drain() {
      commitQueued();
      await wal.drain();
    },
  };
}

/** The WAL file's flushes: one `fsync` at a time on the thread pool, covering every waiter queued before it. */
interface WalFlusher {
  /** Resolves once everything committed so far is on disk. */
  flushed(): Promise<void>;
  /** Waits for every flush under way or asked for, then releases the WAL file. */
  drain(): Promise<void>;
}

function walFlusher(path: string): WalFlusher {
  if (path === ':memory:') return { flushed: () => Promise.resolve(), drain: () => Promise.resolve() }; // nothing to flush
  let waiting: Waiter[] = [];
  let syncing: Promise<void> | undefined;
  let wal: number | undefined;

  /** The WAL's descriptor, opened on the first flush (with its folder flushed once, for a WAL just created). */
  const walFile = (): number => {
    if (wal === undefined) {
      wal = openSync(`${path}-wal`, 'r+');
      syncFolder(dirname(path));
    }
    return wal;
  };
  const flushSoon = (): void => {
    if (syncing !== undefined || waiting.length === 0) return;
    const batch = waiting;
    waiting = [];
    syncing = new Promise<void>((resolve) => {
      const settle = (error: Error | null) => {
        for (const waiter of batch) {
          if (error === null) waiter.resolve();
          else waiter.reject(error);
        }
        syncing = undefined;
        resolve();
        flushSoon();
      };
      try {
        fsync(walFile(), settle);
      } catch (error: unknown) {
        settle(asError(error));
      }
    });
  };
  const flushed = (): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ resolve, reject });
      flushSoon();
    });

  return {
    flushed,
    async drain() {
      while (syncing !== undefined || waiting.length > 0) await (syncing ?? flushed());
      if (wal !== undefined) closeSync(wal);
      wal = undefined;
    },
  };
}

function settleAll<Row>(batch: readonly Queued<Row>[], error?: Error): void {
  for (const queued of batch)
    if (error === undefined) queued.resolve();
    else queued.reject(error);
}

function checkFile(sameFile: () => boolean): void {
  if (!sameFile()) throw new Error('The SQLite evidence file was removed or replaced.');
}

/** Flushes a folder's entries (a file just created in it survives a crash). */
function syncFolder(folder: string): void {
  const fd = openSync(folder, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** An error as thrown, or one naming what was thrown. */
export function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

// The embedded tool state store: one SQLite table through better-sqlite3, shared by processes using the same file.
import type BetterSqlite3 from 'better-sqlite3';
import { openSqlite } from '../../peers/sqlite.js';
import type { DefinitionKind, KeptDefinition, ToolRecord, ToolState, ToolStateStore } from '../tool-state.js';
import { keptDefinitionFrom, toolRecordFrom, toolSql, type SqlStatement } from './tool-sql.js';

/** Options of {@link createSqliteToolStore}. */
export interface SqliteToolStoreOptions {
  /** How long a writer waits for another process's write lock, in milliseconds; 10 s when absent. */
  readonly busyTimeoutMs?: number;
}

const TABLE = '"airlock_tools"';

/**
 * A store in the `airlock_tools` table of a SQLite file (it may be the evidence file). WAL mode, so readers in
 * other processes never block a state change, and `busy_timeout`, so concurrent writers wait for the lock.
 */
export function createSqliteToolStore(path: string, options: SqliteToolStoreOptions = {}): ToolStateStore {
  const db = openSqlite(path, options.busyTimeoutMs ?? 10_000, 'The SQLite tool state store');
  const sql = toolSql(TABLE, () => '?', 'INTEGER');
  for (const statement of sql.createTable) db.exec(statement);
  // The statements' texts are a fixed few: each is prepared once (a listing reads every tool's row).
  const prepared = new Map<string, BetterSqlite3.Statement>();
  const prepare = (text: string) => {
    let statement = prepared.get(text);
    if (statement === undefined) prepared.set(text, (statement = db.prepare(text)));
    return statement;
  };
  const run = (statement: SqlStatement) => prepare(statement.text).run(...statement.values);
  const rows = (statement: SqlStatement) =>
    prepare(statement.text).all(...statement.values) as Record<string, unknown>[];

  return Object.freeze({
    get: (name: string) =>
      settle((): ToolRecord | undefined => {
        const row = rows(sql.get(name))[0];
        return row === undefined ? undefined : toolRecordFrom(row);
      }),
    namesWithBody: (bodyHash: string) =>
      settle(() =>
        rows(sql.namesWithBody(bodyHash))
          .map((row) => String(row.name))
          .sort(),
      ),
    pin: (name: string, hash: string, bodyHash: string, at: number) =>
      settle(() => void run(sql.pin(name, hash, bodyHash, at))),
    unpin: (name: string, at: number) => settle(() => run(sql.unpin(name, at)).changes === 1),
    setState: (name: string, state: ToolState, at: number) =>
      settle(() => void run(sql.setState(name, state, at))),
    keepDefinition: (name: string, kind: DefinitionKind, kept: KeptDefinition) =>
      settle(() => void run(sql.keepDefinition(name, kind, kept))),
    definition: (name: string, kind: DefinitionKind) =>
      settle((): KeptDefinition | undefined => {
        const row = rows(sql.definition(name, kind))[0];
        return row === undefined ? undefined : keptDefinitionFrom(row);
      }),
    names: () =>
      settle(() =>
        rows(sql.names())
          .map((row) => String(row.name))
          .sort(),
      ),
    close: () => settle(() => void db.close()),
  });
}

/** Runs a synchronous driver call on the next microtask, so its throw becomes a rejection. */
function settle<T>(work: () => T): Promise<T> {
  return Promise.resolve().then(work);
}

// The SQL shared by the SQLite and PostgreSQL tool state stores: one table, its statements, and row mapping.
import {
  DEFAULT_STATE,
  isToolState,
  UNREADABLE_STATE,
  type DefinitionKind,
  type KeptDefinition,
  type ToolRecord,
  type ToolState,
} from '../tool-state.js';

/** A statement's text with its parameter values in marker order. */
export interface SqlStatement {
  readonly text: string;
  readonly values: readonly unknown[];
}

/** The statements of one tool table in one SQL dialect (`marker(n)` writes the n-th parameter). */
export interface ToolSql {
  readonly createTable: readonly string[];
  get(name: string): SqlStatement;
  namesWithBody(bodyHash: string): SqlStatement;
  pin(name: string, hash: string, bodyHash: string, at: number): SqlStatement;
  unpin(name: string, at: number): SqlStatement;
  setState(name: string, state: ToolState, at: number): SqlStatement;
  keepDefinition(name: string, kind: DefinitionKind, kept: KeptDefinition): SqlStatement;
  definition(name: string, kind: DefinitionKind): SqlStatement;
  names(): SqlStatement;
}

const COLUMNS = 'name, hash, body_hash, state, updated_at';

/**
 * Builds the statements for a table (already a checked, quoted identifier). Writes are single upserts
 * (`INSERT … ON CONFLICT (name) DO UPDATE`), so instances changing the same tool at once never lose the other
 * column: a pin keeps the state, a state change keeps the pin.
 */
export function toolSql(table: string, marker: (position: number) => string, integerType: string): ToolSql {
  const [p1, p2, p3, p4, p5] = [1, 2, 3, 4, 5].map(marker) as [string, string, string, string, string];
  const insert = `INSERT INTO ${table} (${COLUMNS}) VALUES (${p1}, ${p2}, ${p3}, ${p4}, ${p5}) ON CONFLICT (name) DO UPDATE SET`;
  const definitions = siblingName(table, '_definitions');
  const statements: ToolSql = {
    createTable: Object.freeze([
      `CREATE TABLE IF NOT EXISTS ${table} (
        name TEXT PRIMARY KEY NOT NULL,
        hash TEXT,
        body_hash TEXT,
        state TEXT NOT NULL,
        updated_at ${integerType} NOT NULL
      )`,
      `CREATE INDEX IF NOT EXISTS ${siblingName(table, '_body')} ON ${table} (body_hash)`,
      `CREATE TABLE IF NOT EXISTS ${definitions} (
        name TEXT NOT NULL,
        kind TEXT NOT NULL,
        hash TEXT NOT NULL,
        definition TEXT NOT NULL,
        at ${integerType} NOT NULL,
        PRIMARY KEY (name, kind)
      )`,
    ]),
    get: (name) => ({ text: `SELECT ${COLUMNS} FROM ${table} WHERE name = ${p1}`, values: [name] }),
    namesWithBody: (bodyHash) => ({
      text: `SELECT name FROM ${table} WHERE body_hash = ${p1}`,
      values: [bodyHash],
    }),
    pin: (name, hash, bodyHash, at) => ({
      text: `${insert} hash = excluded.hash, body_hash = excluded.body_hash, updated_at = excluded.updated_at`,
      values: [name, hash, bodyHash, DEFAULT_STATE, at],
    }),
    unpin: (name, at) => ({
      text: `UPDATE ${table} SET hash = NULL, body_hash = NULL, updated_at = ${p1} WHERE name = ${p2} AND hash IS NOT NULL`,
      values: [at, name],
    }),
    setState: (name, state, at) => ({
      text: `${insert} state = excluded.state, updated_at = excluded.updated_at`,
      values: [name, null, null, state, at],
    }),
    keepDefinition: (name, kind, kept) => ({
      text: `INSERT INTO ${definitions} (name, kind, hash, definition, at) VALUES (${p1}, ${p2}, ${p3}, ${p4}, ${p5}) ON CONFLICT (name, kind) DO UPDATE SET hash = excluded.hash, definition = excluded.definition, at = excluded.at`,
      values: [name, kind, kept.hash, kept.definition, kept.at],
    }),
    definition: (name, kind) => ({
      text: `SELECT hash, definition, at FROM ${definitions} WHERE name = ${p1} AND kind = ${p2}`,
      values: [name, kind],
    }),
    names: () => ({
      text: `SELECT name FROM ${table} UNION SELECT name FROM ${definitions}`,
      values: [],
    }),
  };
  return Object.freeze(statements);
}

/** A record read back; a state that is not a known one reads as the safest state. */
export function toolRecordFrom(row: Record<string, unknown>): ToolRecord {
  return Object.freeze({
    name: String(row.name),
    hash: typeof row.hash === 'string' ? row.hash : null,
    bodyHash: typeof row.body_hash === 'string' ? row.body_hash : null,
    state: isToolState(row.state) ? row.state : UNREADABLE_STATE,
    updatedAt: Number(row.updated_at),
  });
}

/** A kept definition read back. */
export function keptDefinitionFrom(row: Record<string, unknown>): KeptDefinition {
  return Object.freeze({ hash: String(row.hash), definition: String(row.definition), at: Number(row.at) });
}

/**
 * The name of an index or table beside a (possibly schema-qualified, quoted) table: its bare name and
 * `suffix`, quoted, in the same schema when the table names one (an index takes no schema in its name).
 */
function siblingName(table: string, suffix: '_body' | '_definitions'): string {
  const parts = table.split('.');
  const bare = (parts.at(-1) ?? table).replaceAll('"', '');
  const schema = suffix === '_definitions' && parts.length > 1 ? `${parts.slice(0, -1).join('.')}.` : '';
  return `${schema}"${bare}${suffix}"`;
}

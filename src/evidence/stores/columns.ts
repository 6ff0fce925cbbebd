// The SQL column layout shared by the SQLite and PostgreSQL stores, and the mapping between rows and records.
import type { EvidenceRow, WrappedKeyRow } from '../record.js';

/** The label columns, in order; `SELECT`ed for re-wrapping together with the wrapped key. */
export const HEADER_COLUMNS = 'ref, tenant, tool, schema_version, request_id, created_at, expires_at';

/** The columns of a wrapped-key listing. */
export const WRAPPED_KEY_COLUMNS = `${HEADER_COLUMNS}, key_id, wrapped_key`;

/** Every column, in the order {@link rowValues} lists them. */
export const ALL_COLUMNS = `${WRAPPED_KEY_COLUMNS}, iv, ciphertext, tag, revoked_at`;

/** The VALUES list of an insert of every column, one marker each (`?` for SQLite, `$n` for PostgreSQL). */
export function columnPlaceholders(marker: (position: number) => string): string {
  return ALL_COLUMNS.split(',')
    .map((_, index) => marker(index + 1))
    .join(', ');
}

/** How many records one page of a re-wrap listing reads. */
export const REWRAP_PAGE_SIZE = 256;

/** A row as a SQL driver returns it: times may come back as strings (PostgreSQL `bigint`) or bigints. */
export type SqlRow = Record<string, unknown>;

/** A record's values in {@link ALL_COLUMNS} order, bytes as Buffers. */
export function rowValues(row: EvidenceRow): unknown[] {
  return [
    row.ref,
    row.tenant,
    row.tool,
    row.schemaVersion,
    row.requestId,
    row.createdAt,
    row.expiresAt,
    row.keyId,
    asBuffer(row.wrappedKey),
    asBuffer(row.iv),
    asBuffer(row.ciphertext),
    asBuffer(row.tag),
    row.revokedAt,
  ];
}

/** A wrapped-key listing row read back. */
export function wrappedKeyRowFrom(sql: SqlRow): WrappedKeyRow {
  return {
    ref: String(sql.ref),
    tenant: String(sql.tenant),
    tool: String(sql.tool),
    schemaVersion: String(sql.schema_version),
    requestId: String(sql.request_id),
    createdAt: toTime(sql.created_at),
    expiresAt: toTime(sql.expires_at),
    keyId: String(sql.key_id),
    wrappedKey: toBytes(sql.wrapped_key),
  };
}

/** A full record read back. */
export function evidenceRowFrom(sql: SqlRow): EvidenceRow {
  return {
    ...wrappedKeyRowFrom(sql),
    iv: toBytes(sql.iv),
    ciphertext: toBytes(sql.ciphertext),
    tag: toBytes(sql.tag),
    revokedAt: sql.revoked_at === null || sql.revoked_at === undefined ? null : toTime(sql.revoked_at),
  };
}

/** A Buffer view of bytes, without copying when they already are a Buffer. */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function toTime(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint' || typeof value === 'string') return Number(value);
  return Number.NaN;
}

function toBytes(value: unknown): Uint8Array {
  return value instanceof Uint8Array ? value : new Uint8Array(0);
}

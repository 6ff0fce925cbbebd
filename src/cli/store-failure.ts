// Store specifications the CLI cannot open, and store failures, said as what to fix: the kind, where, and why.
import { StoreSpecError, storeKind } from '../evidence/open-store.js';
import { errorName } from './failure-line.js';

/** Schemes a `--store` URL may have; anything else written `scheme://` is a mistake, not a SQLite file name. */
const STORE_URL = /^([A-Za-z][A-Za-z0-9+.-]{0,30}):\/\//;

/**
 * Refuses a `--store` value written as a URL of a kind no store speaks (`mysql://…`, `mongodb://…`), which
 * would otherwise be taken for a SQLite file name and reported as a missing file.
 */
export function checkStoreScheme(spec: string): void {
  const scheme = STORE_URL.exec(spec)?.[1];
  if (scheme === undefined || storeKind(spec) !== 'sqlite') return;
  throw new StoreSpecError(
    `--store ${scheme.toLowerCase()}:// is not a store Airlock speaks: give a SQLite file path, ` +
      'a postgres:// (or postgresql://) URL, or a redis:// (or rediss://) URL',
  );
}

/** SQLSTATE codes of PostgreSQL's answers that mean the URL names something the server does not have. */
const POSTGRES_REASONS: Readonly<Record<string, string>> = Object.freeze({
  '28000': 'refused the login (no such role, or not allowed to connect)',
  '28P01': 'refused the password',
  '3F000': 'has no such schema',
  '42501': 'refused a permission the store needs',
  '53300': 'has no free connection',
  '57P03': 'is not accepting connections yet',
});

/** Codes of network failures, said in words. */
const NETWORK_REASONS: Readonly<Record<string, string>> = Object.freeze({
  ECONNREFUSED: 'refused the connection (is the server running on that port?)',
  ENOTFOUND: 'has a host name that does not resolve',
  EAI_AGAIN: 'has a host name that could not be resolved now',
  ETIMEDOUT: 'did not answer in time',
  ECONNRESET: 'closed the connection',
  EHOSTUNREACH: 'cannot be reached',
});

const CODE_SHAPE = /^[A-Z0-9_]{2,24}$/;

/** The error's code (`ECONNREFUSED`, a SQLSTATE, `SQLITE_…`), also of the first error an AggregateError holds. */
function codeOf(error: unknown): string | undefined {
  const direct = (error as { code?: unknown } | null)?.code;
  if (typeof direct === 'string' && CODE_SHAPE.test(direct)) return direct;
  const inner = (error as { errors?: unknown } | null)?.errors;
  return Array.isArray(inner) ? codeOf(inner[0]) : undefined;
}

/** Where a server store is, as `host:port` (never the user, password, path or query of its URL). */
function whereOf(spec: string): string {
  if (!URL.canParse(spec)) return '';
  const url = new URL(spec);
  const port = url.port === '' ? (storeKind(spec) === 'redis' ? '6379' : '5432') : url.port;
  return ` at ${url.hostname}:${port}`;
}

/** The database a postgres:// URL names, quoted, when it has a name's shape. */
function databaseOf(spec: string): string {
  const name = URL.canParse(spec) ? decodeURIComponent(new URL(spec).pathname.slice(1)) : '';
  return /^[A-Za-z0-9_.-]{1,63}$/.test(name) ? `"${name}"` : 'by that name';
}

/**
 * One line for a store that failed to open or answer, naming the store's kind and `host:port` (a SQLite store
 * by kind only) and the cause: the network code, PostgreSQL's SQLSTATE in words, or the error's name. Never
 * the driver's message, which may repeat a connection string with its password.
 */
export function storeFailure(error: unknown, spec: string): string {
  const kind = storeKind(spec);
  const code = codeOf(error);
  const store = kind === 'sqlite' ? 'the SQLite store' : `the ${kind} store${whereOf(spec)}`;
  const reason =
    code === undefined
      ? undefined
      : code === '3D000'
        ? `has no database ${databaseOf(spec)}`
        : kind === 'postgres'
          ? (POSTGRES_REASONS[code] ?? NETWORK_REASONS[code])
          : NETWORK_REASONS[code];
  if (reason !== undefined) return `store_error: ${store} ${reason} (${code ?? ''})`;
  if (kind === 'redis' && error instanceof Error && error.message === 'Connection is closed.')
    return `store_error: ${store} closed the connection before it was ready (is the server running on that port?)`;
  return `store_error: ${store} failed (${[errorName(error), code].filter(Boolean).join(' ')})`;
}

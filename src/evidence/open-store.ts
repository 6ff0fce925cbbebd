// Opens the evidence store a store specification names: a SQLite file, or a postgres:// or redis:// URL.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type * as IoRedis from 'ioredis';
import { loadPeer } from '../peers/load-peer.js';
import type { RedisClient } from '../peers/redis-client.js';
import { ConfigFileError } from '../read/config-file.js';
import { REDIS_PREFIX_PATTERN, SQL_IDENTIFIER_PATTERN } from './defaults.js';
import type { EvidenceStore } from './store.js';

/** How long a server store may take to accept the connection. */
const STORE_CONNECT_TIMEOUT_MS = 5_000;

/** A store specification that cannot name a store: the message says which part, never the whole URL. */
export class StoreSpecError extends Error {
  override readonly name = 'StoreSpecError';
}

/** The kind of store a specification names. */
export type StoreKind = 'sqlite' | 'postgres' | 'redis';

/** The kind of store `spec` names: a `postgres(ql)://` URL, a `redis(s)://` URL, or else a SQLite file. */
export function storeKind(spec: string): StoreKind {
  if (/^postgres(ql)?:\/\//.test(spec)) return 'postgres';
  if (/^rediss?:\/\//.test(spec)) return 'redis';
  return 'sqlite';
}

/**
 * Opens the store a `--store` value names: a `postgres://` or `postgresql://` URL, a `redis://` or `rediss://`
 * URL, or else a SQLite file (relative to `cwd`); a missing one is a `ConfigFileError` unless `mayCreate`,
 * which also creates its folder (private to its owner). Only the driver in use is loaded.
 */
export async function openStore(spec: string, cwd: string, mayCreate = false): Promise<EvidenceStore> {
  switch (storeKind(spec)) {
    case 'postgres': {
      const { createPostgresStore } = await import('./stores/postgres.js');
      return createPostgresStore(postgresTarget(spec));
    }
    case 'redis': {
      const { url, options } = redisTarget(spec);
      const { createRedisStore } = await import('./stores/redis.js');
      return createRedisStore({ client: await connectRedis(url), ownsClient: true, ...options });
    }
    case 'sqlite': {
      const path = sqlitePath(spec, cwd, mayCreate);
      const { createSqliteStore } = await import('./stores/sqlite.js');
      return createSqliteStore(path);
    }
  }
}

/**
 * A `postgres://` URL as the stores take it: `?schema=NAME` (Airlock's tables live in that schema instead of
 * `airlock`) is taken out of the URL the driver connects with. The stores refuse a name that is not a plain
 * lower-case SQL identifier.
 */
export function postgresTarget(spec: string): {
  readonly connectionString: string;
  readonly schema?: string;
} {
  const { url, value } = ownParameter(spec, 'schema');
  if (value !== undefined && !SQL_IDENTIFIER_PATTERN.test(value))
    throw new StoreSpecError(`the store URL's schema must match ${String(SQL_IDENTIFIER_PATTERN)}`);
  return value === undefined ? { connectionString: url } : { connectionString: url, schema: value };
}

/**
 * A `redis://` URL as the stores take it: `?prefix=P` (every key Airlock writes starts with it instead of
 * `airlock:`) is taken out of the URL the driver connects with. The stores refuse a prefix outside
 * `[A-Za-z0-9:._-]{1,64}`.
 */
export function redisTarget(spec: string): {
  readonly url: string;
  readonly options: { readonly prefix?: string };
} {
  const { url, value } = ownParameter(spec, 'prefix');
  if (value !== undefined && !REDIS_PREFIX_PATTERN.test(value))
    throw new StoreSpecError(`the store URL's prefix must match ${String(REDIS_PREFIX_PATTERN)}`);
  return { url, options: value === undefined ? {} : { prefix: value } };
}

/** `spec` without its query parameter `name`, and that parameter's value (a URL without it is left as it is). */
function ownParameter(spec: string, name: string): { readonly url: string; readonly value?: string } {
  const parsed = URL.canParse(spec) ? new URL(spec) : undefined;
  const value = parsed?.searchParams.get(name) ?? undefined;
  if (parsed === undefined || value === undefined) return { url: spec };
  parsed.searchParams.delete(name);
  return { url: parsed.href, value };
}

/** The absolute path of a SQLite store; its folder is created when `mayCreate`, a missing file refused when not. */
export function sqlitePath(spec: string, cwd: string, mayCreate: boolean): string {
  const path = resolve(cwd, spec);
  if (mayCreate) mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  else if (!existsSync(path))
    throw new ConfigFileError('not_found', `the evidence store ${spec} does not exist`);
  return path;
}

/**
 * A connected ioredis client for a `redis://` URL: one attempt, a bounded connect, no retry loop, so an
 * unreachable server fails at once. Its connection `error` events are absorbed (the awaited connect reports).
 */
export async function connectRedis(url: string): Promise<RedisClient> {
  const { Redis } = loadPeer('ioredis', 'A redis:// store') as typeof IoRedis;
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
    connectTimeout: STORE_CONNECT_TIMEOUT_MS,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error: unknown) {
    client.disconnect();
    throw error;
  }
  return client;
}

// Opens the evidence store a store specification names: a SQLite file, or a postgres:// or redis:// URL.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type * as IoRedis from 'ioredis';
import { loadPeer } from '../peers/load-peer.js';
import type { RedisClient } from '../peers/redis-client.js';
import { ConfigFileError } from '../read/config-file.js';
import type { EvidenceStore } from './store.js';

/** How long a server store may take to accept the connection. */
const STORE_CONNECT_TIMEOUT_MS = 5_000;

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
      return createPostgresStore({ connectionString: spec });
    }
    case 'redis': {
      const { createRedisStore } = await import('./stores/redis.js');
      return createRedisStore({ client: await connectRedis(spec), ownsClient: true });
    }
    case 'sqlite': {
      const path = sqlitePath(spec, cwd, mayCreate);
      const { createSqliteStore } = await import('./stores/sqlite.js');
      return createSqliteStore(path);
    }
  }
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

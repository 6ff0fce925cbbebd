// The Redis evidence store (ioredis): one hash per record, expired natively by Redis at the record's TTL.
import type { RedisClient } from '../../peers/redis-client.js';
import { REDIS_PREFIX_PATTERN } from '../defaults.js';
import type { EvidenceRow, WrappedKeyRow } from '../record.js';
import type { EvidenceStore } from '../store.js';

/** Options of {@link createRedisStore}. */
export interface RedisStoreOptions {
  /** The connection to use. */
  readonly client: RedisClient;
  /** Prefix of every key the store writes; `airlock:` when absent. */
  readonly prefix?: string;
  /** When true, `close()` quits the client; a borrowed client is left open otherwise. */
  readonly ownsClient?: boolean;
}

// Insert only when the key is new, then set the native expiry at the record's own expiresAt.
const INSERT = `if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], unpack(ARGV, 2))
redis.call('PEXPIREAT', KEYS[1], ARGV[1])
return 1`;
// A missing key reads as false, a live record as '': only a live record becomes a tombstone (TTL kept).
const REVOKE = `if redis.call('HGET', KEYS[1], 'revokedAt') ~= '' then return 0 end
redis.call('HSET', KEYS[1], 'revokedAt', ARGV[1], 'wrappedKey', '', 'iv', '', 'ciphertext', '', 'tag', '')
return 1`;
const REWRAP = `local f = redis.call('HMGET', KEYS[1], 'keyId', 'revokedAt')
if f[1] ~= ARGV[1] or f[2] ~= '' then return 0 end
redis.call('HSET', KEYS[1], 'keyId', ARGV[2], 'wrappedKey', ARGV[3])
return 1`;

const LISTING_FIELDS = [
  'tenant',
  'tool',
  'schemaVersion',
  'requestId',
  'createdAt',
  'expiresAt',
  'keyId',
  'wrappedKey',
  'revokedAt',
] as const;
const SCAN_COUNT = 500;

/**
 * A store of one Redis hash per record under `prefix + 'ev:' + ref`, expired by Redis itself (`PEXPIREAT`) at
 * the record's expiry; `purgeExpired` also deletes records whose expiry has passed by the caller's clock.
 * Durability is the server's: with `appendonly yes` and `appendfsync always`, a put that has returned
 * survives a server crash; with the defaults, up to about a second of writes can be lost.
 */
export function createRedisStore(options: RedisStoreOptions): EvidenceStore {
  const { client } = options;
  const prefix = options.prefix ?? 'airlock:';
  if (!REDIS_PREFIX_PATTERN.test(prefix))
    throw new TypeError(`The Redis prefix must match ${String(REDIS_PREFIX_PATTERN)}.`);
  const keyOf = (ref: string): string => `${prefix}ev:${ref}`;
  const refOf = (key: string): string => key.slice(prefix.length + 3);

  async function* scanKeys(): AsyncGenerator<string[]> {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}ev:*`, 'COUNT', SCAN_COUNT);
      cursor = next;
      if (keys.length > 0) yield keys;
    } while (cursor !== '0');
  }

  return Object.freeze({
    async insert(row: EvidenceRow): Promise<void> {
      const created = await client.eval(INSERT, 1, keyOf(row.ref), row.expiresAt, ...hashFields(row));
      if (created !== 1) throw new Error('An evidence record with this reference id exists.');
    },
    async get(ref: string): Promise<EvidenceRow | undefined> {
      const hash = await client.hgetallBuffer(keyOf(ref));
      return hash.keyId === undefined ? undefined : rowFromHash(ref, hash);
    },
    async revoke(ref: string, revokedAt: number): Promise<boolean> {
      return (await client.eval(REVOKE, 1, keyOf(ref), revokedAt)) === 1;
    },
    async purgeExpired(now: number): Promise<number> {
      let count = 0;
      for await (const keys of scanKeys()) {
        const expiries = await Promise.all(keys.map((key) => client.hget(key, 'expiresAt')));
        const expired = keys.filter((_, index) => Number(expiries[index] ?? Infinity) <= now);
        if (expired.length > 0) count += await client.del(...expired);
      }
      return count;
    },
    async *listForRewrap(currentKeyId: string): AsyncIterable<WrappedKeyRow> {
      for await (const keys of scanKeys()) {
        const values = await Promise.all(keys.map((key) => client.hmgetBuffer(key, ...LISTING_FIELDS)));
        for (const [index, key] of keys.entries()) {
          const hash = Object.fromEntries(
            LISTING_FIELDS.map((field, at) => [field, values[index]?.[at] ?? undefined]),
          );
          const keyId = hash.keyId?.toString('utf8');
          if (keyId === undefined || keyId === currentKeyId || hash.revokedAt?.length !== 0) continue;
          yield rowFromHash(refOf(key), hash);
        }
      }
    },
    async updateWrappedKey(ref: string, fromKeyId: string, toKeyId: string, wrappedKey: Uint8Array) {
      return (await client.eval(REWRAP, 1, keyOf(ref), fromKeyId, toKeyId, Buffer.from(wrappedKey))) === 1;
    },
    async close(): Promise<void> {
      if (options.ownsClient === true) await client.quit();
    },
  });
}

function hashFields(row: EvidenceRow): (string | number | Buffer)[] {
  return [
    'tenant',
    row.tenant,
    'tool',
    row.tool,
    'schemaVersion',
    row.schemaVersion,
    'requestId',
    row.requestId,
    'createdAt',
    row.createdAt,
    'expiresAt',
    row.expiresAt,
    'keyId',
    row.keyId,
    'wrappedKey',
    Buffer.from(row.wrappedKey),
    'iv',
    Buffer.from(row.iv),
    'ciphertext',
    Buffer.from(row.ciphertext),
    'tag',
    Buffer.from(row.tag),
    'revokedAt',
    row.revokedAt === null ? '' : row.revokedAt,
  ];
}

function rowFromHash(ref: string, hash: Record<string, Buffer | null | undefined>): EvidenceRow {
  const text = (field: string): string => hash[field]?.toString('utf8') ?? '';
  const bytes = (field: string): Uint8Array => hash[field] ?? new Uint8Array(0);
  const revokedAt = text('revokedAt');
  return {
    ref,
    tenant: text('tenant'),
    tool: text('tool'),
    schemaVersion: text('schemaVersion'),
    requestId: text('requestId'),
    createdAt: Number(text('createdAt')),
    expiresAt: Number(text('expiresAt')),
    keyId: text('keyId'),
    wrappedKey: bytes('wrappedKey'),
    iv: bytes('iv'),
    ciphertext: bytes('ciphertext'),
    tag: bytes('tag'),
    revokedAt: revokedAt === '' ? null : Number(revokedAt),
  };
}

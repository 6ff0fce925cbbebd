// The Redis tool state store (ioredis): one hash per tool and one set per approved body, changed atomically.
import type { RedisClient } from '../../peers/redis-client.js';
import { REDIS_PREFIX_PATTERN } from '../../evidence/defaults.js';
import {
  DEFAULT_STATE,
  isToolState,
  UNREADABLE_STATE,
  type DefinitionKind,
  type KeptDefinition,
  type ToolRecord,
  type ToolState,
  type ToolStateStore,
} from '../tool-state.js';

/** Options of {@link createRedisToolStore}. */
export interface RedisToolStoreOptions {
  readonly client: RedisClient;
  /** Prefix of every key the store writes; `airlock:` when absent. Use a hash tag (`{airlock}:`) on a cluster. */
  readonly prefix?: string;
  /** When true, `close()` quits the client; a borrowed client is left open otherwise. */
  readonly ownsClient?: boolean;
}

// KEYS: tool hash, new body set. ARGV: hash, bodyHash, default state, time, body key prefix, name.
// Moves the name from its old body set to the new one, and keeps an existing state.
const PIN = `local old = redis.call('HGET', KEYS[1], 'bodyHash')
if old and old ~= '' and old ~= ARGV[2] then redis.call('SREM', ARGV[5] .. old, ARGV[6]) end
if redis.call('HEXISTS', KEYS[1], 'state') == 0 then redis.call('HSET', KEYS[1], 'state', ARGV[3]) end
redis.call('HSET', KEYS[1], 'hash', ARGV[1], 'bodyHash', ARGV[2], 'updatedAt', ARGV[4])
redis.call('SADD', KEYS[2], ARGV[6])
return 1`;
// KEYS: tool hash. ARGV: time, body key prefix, name. Only a pinned tool is unpinned.
const UNPIN = `local old = redis.call('HGET', KEYS[1], 'hash')
if not old or old == '' then return 0 end
local body = redis.call('HGET', KEYS[1], 'bodyHash')
if body and body ~= '' then redis.call('SREM', ARGV[2] .. body, ARGV[3]) end
redis.call('HSET', KEYS[1], 'hash', '', 'bodyHash', '', 'updatedAt', ARGV[1])
return 1`;

/**
 * A store of one Redis hash per tool under `prefix + 'tool:' + name`, and one set per approved body hash under
 * `prefix + 'tool-body:' + bodyHash`. Pinning and unpinning run as Lua scripts, so the body index never
 * disagrees with the pins; a state change is one `HSET` and leaves the pin alone.
 */
export function createRedisToolStore(options: RedisToolStoreOptions): ToolStateStore {
  const prefix = options.prefix ?? 'airlock:';
  if (!REDIS_PREFIX_PATTERN.test(prefix))
    throw new TypeError(`The key prefix must match ${String(REDIS_PREFIX_PATTERN)}.`);
  const { client } = options;
  const toolKey = (name: string) => `${prefix}tool:${name}`;
  const bodyPrefix = `${prefix}tool-body:`;
  const definitionKey = (name: string, kind: DefinitionKind) => `${prefix}tool-${kind}:${name}`;
  const namesKey = `${prefix}tool-names`;

  return Object.freeze({
    async get(name: string): Promise<ToolRecord | undefined> {
      const fields = await client.hgetall(toolKey(name));
      if (Object.keys(fields).length === 0) return undefined;
      return Object.freeze({
        name,
        hash: nonEmpty(fields.hash),
        bodyHash: nonEmpty(fields.bodyHash),
        state:
          fields.state === undefined
            ? DEFAULT_STATE
            : isToolState(fields.state)
              ? fields.state
              : UNREADABLE_STATE,
        updatedAt: Number(fields.updatedAt),
      });
    },
    async namesWithBody(bodyHash: string): Promise<readonly string[]> {
      return (await client.smembers(bodyPrefix + bodyHash)).sort();
    },
    async pin(name: string, hash: string, bodyHash: string, at: number): Promise<void> {
      const keys = [toolKey(name), bodyPrefix + bodyHash];
      await client.eval(PIN, 2, ...keys, hash, bodyHash, DEFAULT_STATE, at, bodyPrefix, name);
      await client.sadd(namesKey, name);
    },
    async unpin(name: string, at: number): Promise<boolean> {
      return (await client.eval(UNPIN, 1, toolKey(name), at, bodyPrefix, name)) === 1;
    },
    async setState(name: string, state: ToolState, at: number): Promise<void> {
      await client.hset(toolKey(name), 'state', state, 'updatedAt', at);
      await client.sadd(namesKey, name);
    },
    async keepDefinition(name: string, kind: DefinitionKind, kept: KeptDefinition): Promise<void> {
      const { hash, definition, at } = kept;
      await client.hset(definitionKey(name, kind), 'hash', hash, 'definition', definition, 'at', at);
      await client.sadd(namesKey, name);
    },
    async definition(name: string, kind: DefinitionKind): Promise<KeptDefinition | undefined> {
      const fields = await client.hgetall(definitionKey(name, kind));
      const { hash, definition, at } = fields;
      if (hash === undefined || definition === undefined) return undefined;
      return Object.freeze({ hash, definition, at: Number(at) });
    },
    async names(): Promise<readonly string[]> {
      return (await client.smembers(namesKey)).sort();
    },
    async close(): Promise<void> {
      if (options.ownsClient === true) await client.quit();
    },
  });
}

function nonEmpty(value: string | undefined): string | null {
  return value === undefined || value === '' ? null : value;
}

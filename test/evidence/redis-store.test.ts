// Runs the store contract against the real Redis server, one fresh key prefix per test, and checks native expiry.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedisStore } from '../../src/evidence/stores/redis.js';
import { REDIS, serverAvailable } from '../support/servers.js';
import { describeStoreContract } from './store-contract.js';
import { syntheticRow } from './fixtures.js';

const available = await serverAvailable(REDIS);
const runPrefix = `airlock-test:${randomBytes(6).toString('hex')}:`;
const client = available ? new Redis(REDIS.url, { maxRetriesPerRequest: 2 }) : undefined;
let count = 0;

async function deleteByPrefix(prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await client!.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length > 0) await client!.del(...keys);
  } while (cursor !== '0');
}

afterAll(async () => {
  if (client === undefined) return;
  await deleteByPrefix(runPrefix);
  await client.quit();
});

describeStoreContract(
  'redis',
  () => {
    const prefix = `${runPrefix}${count++}:`;
    const store = createRedisStore({ client: client!, prefix });
    return Promise.resolve({
      store,
      dispose: async () => {
        await store.close();
        await deleteByPrefix(prefix);
      },
    });
  },
  available,
);

describe.skipIf(!available)('redis evidence store', () => {
  it('lets Redis expire a record natively at its expiry, tombstones included', async () => {
    const store = createRedisStore({ client: client!, prefix: `${runPrefix}ttl:` });
    const live = syntheticRow({ expiresAt: Date.now() + 300 });
    const tombstone = syntheticRow({ expiresAt: Date.now() + 300 });
    await store.insert(live);
    await store.insert(tombstone);
    await store.revoke(tombstone.ref, Date.now());
    const ttl = await client!.pttl(`${runPrefix}ttl:ev:${tombstone.ref}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(300);
    await sleep(450);
    expect(await store.get(live.ref)).toBeUndefined();
    expect(await store.get(tombstone.ref)).toBeUndefined();
  });

  it('refuses a key prefix holding glob characters', () => {
    expect(() => createRedisStore({ client: client!, prefix: 'air*lock:' })).toThrow(TypeError);
  });
});

// The part of an ioredis client Airlock's Redis stores use, stated structurally so no ioredis types are needed.

/** A Redis connection: an `ioredis` `Redis` instance satisfies it. */
export interface RedisClient {
  eval(script: string, keyCount: number, ...args: Array<string | number | Buffer>): Promise<unknown>;
  scan(
    cursor: string,
    matchToken: 'MATCH',
    pattern: string,
    countToken: 'COUNT',
    count: number,
  ): Promise<[cursor: string, keys: string[]]>;
  hget(key: string, field: string): Promise<string | null>;
  hgetall(key: string): Promise<Record<string, string>>;
  hgetallBuffer(key: string): Promise<Record<string, Buffer>>;
  hmgetBuffer(key: string, ...fields: string[]): Promise<Array<Buffer | null>>;
  hset(key: string, ...fieldsAndValues: Array<string | number>): Promise<number>;
  smembers(key: string): Promise<string[]>;
  sadd(key: string, ...members: string[]): Promise<number>;
  del(...keys: string[]): Promise<number>;
  quit(): Promise<unknown>;
}

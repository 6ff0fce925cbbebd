// Store URLs a fleet shares a server with: `?schema=` (PostgreSQL) and `?prefix=` (Redis) are Airlock's, not the driver's.
import { describe, expect, test } from 'vitest';
import { postgresTarget, redisTarget } from '../../src/evidence/open-store.js';

describe('postgres:// store URLs', () => {
  test('?schema= names the schema and leaves the URL the driver connects with', () => {
    expect(postgresTarget('postgres://app@db.internal:5432/main?schema=fleet_a&sslmode=require')).toEqual({
      connectionString: 'postgres://app@db.internal:5432/main?sslmode=require',
      schema: 'fleet_a',
    });
  });

  test('a URL without it is passed on exactly as written (the schema stays the default)', () => {
    const url = 'postgresql://app@db.internal/main?application_name=airlock';
    expect(postgresTarget(url)).toEqual({ connectionString: url });
  });
});

describe('redis:// store URLs', () => {
  test('?prefix= names the key prefix and leaves the URL the driver connects with', () => {
    expect(redisTarget('redis://127.0.0.1:6379/2?prefix=fleet-a:')).toEqual({
      url: 'redis://127.0.0.1:6379/2',
      options: { prefix: 'fleet-a:' },
    });
  });

  test('a URL without it is passed on exactly as written', () => {
    expect(redisTarget('rediss://cache.internal:6380')).toEqual({
      url: 'rediss://cache.internal:6380',
      options: {},
    });
  });
});

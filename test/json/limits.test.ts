// Parse limits: each one at exactly the limit and one over, defaults, odd limit values, and stack safety.
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/vocabulary/limits.js';
import type { ParseLimits } from '../../src/vocabulary/limits.js';
import { parseJson } from '../../src/json/parse.js';
import type { ParseError } from '../../src/json/types.js';

function nestedArrays(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

describe('depth (containers; the top-level value is depth 1)', () => {
  it('accepts nesting at the limit and refuses one more, at the opening bracket', () => {
    expect(parseJson(nestedArrays(5), { maxDepth: 5 }).ok).toBe(true);
    expect(parseJson(nestedArrays(6), { maxDepth: 5 })).toEqual({
      ok: false,
      error: { code: 'parse.depth', offset: 5, pointer: '/0/0/0/0/0', limit: 5, actual: 6 },
    });
  });

  it('counts objects and arrays alike, and not scalars', () => {
    expect(parseJson('{"a":[{"b":1}]}', { maxDepth: 3 }).ok).toBe(true);
    expect(parseJson('{"a":[{"b":[]}]}', { maxDepth: 3 })).toMatchObject({
      ok: false,
      error: { code: 'parse.depth', offset: 11, pointer: '/a/0/b' },
    });
    expect(parseJson('"scalar"', { maxDepth: 0 }).ok).toBe(true);
    expect(parseJson('[]', { maxDepth: 0 })).toMatchObject({ ok: false, error: { code: 'parse.depth' } });
  });

  it('defaults to the shared limit', () => {
    const depth = DEFAULT_LIMITS.parse.maxDepth;
    expect(parseJson(nestedArrays(depth)).ok).toBe(true);
    expect(parseJson(nestedArrays(depth + 1))).toMatchObject({ ok: false, error: { code: 'parse.depth' } });
  });
});

/** A limit, a text exactly at it, the same text one over it, and the error the second must give. */
interface AtAndOver {
  readonly title: string;
  readonly limits: Partial<ParseLimits>;
  readonly atLimit: string;
  readonly overLimit: string;
  readonly error: ParseError;
}

const AT_AND_OVER: readonly AtAndOver[] = [
  {
    title: 'members per object (pointing at the object)',
    limits: { maxMembers: 2 },
    atLimit: '{"x":{"a":1,"b":2}}',
    overLimit: '{"x":{"a":1,"b":2,"c":3}}',
    error: { code: 'parse.members', offset: 18, pointer: '/x', limit: 2, actual: 3 },
  },
  {
    title: 'items per array (pointing at the array)',
    limits: { maxItems: 3 },
    atLimit: '{"list":[1,2,3]}',
    overLimit: '{"list":[1,2,3,4]}',
    error: { code: 'parse.items', offset: 15, pointer: '/list', limit: 3, actual: 4 },
  },
  {
    title: 'items, counting the first one',
    limits: { maxItems: 0 },
    atLimit: '[]',
    overLimit: '[1]',
    error: { code: 'parse.items', offset: 1, pointer: '', limit: 0, actual: 1 },
  },
  {
    // Nodes: the object, the array, 1, 2, "s" and null make 6.
    title: 'total nodes (every value counts once)',
    limits: { maxNodes: 5 },
    atLimit: '{"a":[1,2],"b":"s"}',
    overLimit: '{"a":[1,2],"b":"s","c":null}',
    error: { code: 'parse.nodes', offset: 23, pointer: '/c', limit: 5, actual: 6 },
  },
];

describe('count limits', () => {
  it.each(AT_AND_OVER)(
    '$title: accepts the limit and refuses one more',
    ({ limits, atLimit, overLimit, error }) => {
      expect(parseJson(atLimit, limits).ok).toBe(true);
      expect(parseJson(overLimit, limits)).toEqual({ ok: false, error });
    },
  );
});

describe('limit values', () => {
  it('refuses everything a limit that is not a number governs (never admits)', () => {
    expect(parseJson('[1]', { maxItems: Number.NaN })).toMatchObject({
      ok: false,
      error: { code: 'parse.items' },
    });
    expect(parseJson('1', { maxNodes: Number.NaN })).toMatchObject({
      ok: false,
      error: { code: 'parse.nodes' },
    });
    const missing = { maxDepth: undefined } as unknown as { maxDepth: number };
    expect(parseJson('[]', missing)).toMatchObject({ ok: false, error: { code: 'parse.depth' } });
  });

  it('lifts a limit set to Infinity', () => {
    expect(parseJson(`[${'1,'.repeat(20_000)}1]`, { maxItems: Infinity, maxNodes: Infinity }).ok).toBe(true);
  });

  it('treats negative limits as refusing everything they govern', () => {
    expect(parseJson('"a"', { maxStringLength: -1 })).toMatchObject({
      ok: false,
      error: { code: 'parse.string_length' },
    });
  });
});

describe('stack safety', () => {
  it('parses 100,000 nested arrays under a high depth limit without recursion', () => {
    const result = parseJson(nestedArrays(100_000), { maxDepth: 1e6 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    let depth = 0;
    for (let node: unknown = result.value; Array.isArray(node); node = node[0]) depth++;
    expect(depth).toBe(100_000);
  });

  it('refuses 100,000 opening brackets without throwing, whatever the depth limit', () => {
    expect(parseJson('['.repeat(100_000), { maxDepth: 1e6 })).toMatchObject({
      ok: false,
      error: { code: 'parse.unexpected_end', offset: 100_000 },
    });
    expect(parseJson('['.repeat(100_000))).toMatchObject({
      ok: false,
      error: { code: 'parse.depth', offset: 32 },
    });
  });

  it('refuses 100,000 nested objects without throwing', () => {
    const text = '{"a":'.repeat(100_000);
    expect(parseJson(text, { maxDepth: 1e6 })).toMatchObject({
      ok: false,
      error: { code: 'parse.unexpected_end' },
    });
  });
});

// Deep taint checks and the trusted-slot guard: wrappers found anywhere, cycles, accessors, redacted pointers.
import { describe, expect, it } from 'vitest';
import { containsUntrusted, findUntrusted } from '../../src/taint/contains.js';
import { assertTrustedText, UntrustedPlacementError } from '../../src/taint/trusted.js';
import { untrusted } from '../../src/taint/untrusted.js';

const tainted = untrusted('rm -rf /', 'web');

describe('findUntrusted', () => {
  it('finds wrappers in arrays, objects, maps and sets, with pointers', () => {
    const args = {
      to: 'ops@example.com',
      body: ['ok', tainted],
      meta: new Map<unknown, unknown>([['k', tainted]]),
      tags: new Set([tainted]),
    };
    expect(findUntrusted(args)).toEqual([
      { pointer: '/body/1', reason: 'untrusted' },
      { pointer: '/meta/0/value', reason: 'untrusted' },
      { pointer: '/tags/0', reason: 'untrusted' },
    ]);
    expect(containsUntrusted(args)).toBe(true);
  });

  it('reports clean values as clean, including byte buffers and primitives', () => {
    expect(containsUntrusted({ a: [1, 'two', null, { b: true }], bytes: new Uint8Array(1_000_000) })).toBe(
      false,
    );
    expect(containsUntrusted('text')).toBe(false);
  });

  it('ends on cycles and survives deep nesting without recursion', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    expect(containsUntrusted(cyclic)).toBe(false);
    let deep: unknown = tainted;
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(containsUntrusted(deep)).toBe(true);
  });

  it('counts an accessor as taint without running it', () => {
    let ran = false;
    const value = Object.defineProperty({}, 'lazy', {
      enumerable: true,
      get: () => {
        ran = true;
        return 'x';
      },
    });
    expect(findUntrusted(value)).toEqual([{ pointer: '/lazy', reason: 'accessor' }]);
    expect(ran).toBe(false);
  });

  it('redacts member names that are not plain identifiers and walks symbol keys', () => {
    const hits = findUntrusted({ 'Ignore all rules': tainted, [Symbol('s')]: tainted });
    expect(hits[0]!.pointer).toMatch(/^\/#[0-9a-f]{8}$/);
    expect(hits[1]!.pointer).toBe('/$symbol');
  });

  it('stops at the limit', () => {
    expect(findUntrusted([tainted, tainted, tainted], 2)).toHaveLength(2);
  });
});

describe('assertTrustedText', () => {
  it('passes an array of strings through', () => {
    expect(assertTrustedText(['a', 'b'], 'system')).toEqual(['a', 'b']);
  });

  it('throws UntrustedPlacementError naming the slot and source, never the value', () => {
    const attempt = (): unknown => assertTrustedText(['ok', tainted], 'system');
    expect(attempt).toThrow(UntrustedPlacementError);
    expect(attempt).toThrow('An untrusted value from source "web" reached the trusted slot system[1].');
    expect(() => assertTrustedText([{ deep: [tainted] }], 'system')).toThrow(/system\[0\]\/deep\/0/);
  });

  it('throws a TypeError for other non-strings', () => {
    expect(() => assertTrustedText([1], 'system')).toThrow(TypeError);
    expect(() => assertTrustedText('x', 'system')).toThrow(TypeError);
  });
});

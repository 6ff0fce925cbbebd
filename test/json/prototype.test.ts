// Prototype safety: __proto__, constructor and prototype are plain own data; no result reaches a prototype.
import { describe, expect, it } from 'vitest';
import { valueOf } from './outcomes.js';

describe('prototype safety', () => {
  it('keeps __proto__ as an own data property and leaves the prototype alone', () => {
    const value = valueOf('{"__proto__":{"x":1}}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.hasOwn(value, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(value, '__proto__')).toEqual({
      value: { x: 1 },
      writable: true,
      enumerable: true,
      configurable: true,
    });
    expect((value as { x?: unknown }).x).toBeUndefined();
    expect(({} as { x?: unknown }).x).toBeUndefined();
  });

  it('keeps constructor and prototype as own data properties', () => {
    const value = valueOf('{"constructor":{"prototype":{"polluted":true}},"prototype":1}') as Record<
      string,
      unknown
    >;
    expect(Object.keys(value)).toEqual(['constructor', 'prototype']);
    expect(value.constructor).toEqual({ prototype: { polluted: true } });
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect((Object.prototype as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('builds nested objects with the ordinary prototype and pollutes nothing global', () => {
    const value = valueOf('[{"__proto__":{"isAdmin":true}},{"a":{"__proto__":null}}]') as Record<
      string,
      unknown
    >[];
    for (const item of value) expect(Object.getPrototypeOf(item)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(value)).toBe(Array.prototype);
    expect(({} as { isAdmin?: unknown }).isAdmin).toBeUndefined();
    expect(Object.hasOwn(value[1]?.a as object, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(value[1]?.a)).toBe(Object.prototype);
  });

  it('treats an escaped __proto__ the same way', () => {
    const value = valueOf('{"\\u005f_proto__":{"x":1}}') as Record<string, unknown>;
    expect(Object.hasOwn(value, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });
});

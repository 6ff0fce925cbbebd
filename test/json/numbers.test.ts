// Numbers: integer literals beyond ±(2^53−1), overflow to Infinity, and what stays allowed.
import { describe, expect, it } from 'vitest';
import { parseJson } from '../../src/json/parse.js';

describe('integer literals beyond ±(2^53−1)', () => {
  const UNSAFE = [
    '9007199254740992',
    '-9007199254740992',
    '9007199254740993',
    '100000000000000000000',
    '-123123123123123123123123123123',
  ];

  it.each(UNSAFE)('refuses %s by default, at the literal', (literal) => {
    expect(parseJson(`[1,${literal}]`)).toEqual({
      ok: false,
      error: { code: 'parse.unsafe_integer', offset: 3, pointer: '/1' },
    });
  });

  it.each(UNSAFE)('keeps %s as the nearest double when a contract allows it', (literal) => {
    expect(parseJson(literal, { unsafeIntegers: 'allow' })).toEqual({ ok: true, value: Number(literal) });
  });

  it('accepts the largest safe integers', () => {
    expect(parseJson('[9007199254740991,-9007199254740991,999999999999999]')).toEqual({
      ok: true,
      value: [9007199254740991, -9007199254740991, 999999999999999],
    });
  });

  it('judges only integer literals: a fraction or an exponent of the same size is allowed', () => {
    expect(parseJson('[9007199254740993.0,1e20,9007199254740993e0]')).toEqual({
      ok: true,
      value: [2 ** 53, 1e20, 2 ** 53],
    });
  });
});

describe('overflow to Infinity', () => {
  const OVERFLOW = [
    '1e309',
    '-1e309',
    '1.5e+9999',
    '123123e100000',
    `1${'0'.repeat(400)}`,
    `${'9'.repeat(310)}.5`,
  ];

  it.each(OVERFLOW)('refuses %s', (literal) => {
    const result = parseJson(`{"n":${literal}}`, { unsafeIntegers: 'allow' });
    expect(result).toEqual({ ok: false, error: { code: 'parse.number_overflow', offset: 5, pointer: '/n' } });
  });

  it('refuses an overflowing integer as overflow even where unsafe integers are refused', () => {
    expect(parseJson(`1${'0'.repeat(400)}`)).toMatchObject({
      ok: false,
      error: { code: 'parse.number_overflow' },
    });
  });

  it('accepts the largest finite double and underflow to zero', () => {
    expect(parseJson('[1.7976931348623157e308,123e-10000000,-1e-400]')).toEqual({
      ok: true,
      value: [1.7976931348623157e308, 0, -0],
    });
  });
});

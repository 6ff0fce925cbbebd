// Content-Type parsing: RFC 9110 grammar, case, parameters, quoted values and whitespace.
import { describe, expect, it } from 'vitest';
import { parseMediaType } from '../../src/read/media-type.js';

describe('parseMediaType', () => {
  it.each([
    ['application/json', 'application/json', {}],
    ['Application/JSON', 'application/json', {}],
    ['  application/json\t', 'application/json', {}],
    ['application/json;charset=utf-8', 'application/json', { charset: 'utf-8' }],
    ['application/json ; CHARSET=UTF-8', 'application/json', { charset: 'UTF-8' }],
    ['application/json;\tcharset="utf-8"', 'application/json', { charset: 'utf-8' }],
    ['application/json; charset="ut\\f-8"', 'application/json', { charset: 'utf-8' }],
    [
      'application/json; profile="a;b, c"; charset=utf-8',
      'application/json',
      { profile: 'a;b, c', charset: 'utf-8' },
    ],
    ['application/json;', 'application/json', {}],
    ['application/json; ;charset=utf-8;', 'application/json', { charset: 'utf-8' }],
    ['application/problem+json', 'application/problem+json', {}],
  ])('parses %j', (value, essence, parameters) => {
    const parsed = parseMediaType(value);
    expect(parsed?.essence).toBe(essence);
    expect({ ...parsed?.parameters }).toEqual(parameters);
  });

  it.each([
    '',
    'application',
    'application/',
    '/json',
    'application /json',
    'application/ json',
    'application/json, text/html',
    'application/json; charset',
    'application/json; charset =utf-8',
    'application/json; charset= utf-8',
    'application/json; charset=utf 8',
    'application/json; charset="utf-8',
    'application/json; charset="utf-8"x',
    'application/json; charset=utf-8; CHARSET=utf-8',
    'application/json; =utf-8',
    'application/json\u0000',
    'application/json; charset="\u0001"',
    'applicati\u00f6n/json',
  ])('refuses %j', (value) => {
    expect(parseMediaType(value)).toBeUndefined();
  });

  it('keeps parameters in a map without a prototype', () => {
    const parsed = parseMediaType('application/json; __proto__=x; constructor=y');
    expect(Object.getPrototypeOf(parsed?.parameters)).toBeNull();
    expect(parsed?.parameters.__proto__).toBe('x');
    expect(Object.isFrozen(parsed?.parameters)).toBe(true);
  });
});

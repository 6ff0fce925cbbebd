// Strings: duplicate names after unescaping, lone surrogates escaped or raw, length in UTF-16 units.
import { describe, expect, it } from 'vitest';
import { parseJson } from '../../src/json/parse.js';
import type { ParseErrorCode } from '../../src/json/types.js';
import { redactPointer } from '../../src/vocabulary/pointer.js';
import { errorOf } from './outcomes.js';

describe('duplicate member names', () => {
  const DUPLICATES: readonly { title: string; text: string; offset: number; pointer: string }[] = [
    { title: 'the same name twice', text: '{"a":1,"a":2}', offset: 7, pointer: '/a' },
    { title: 'the same name and value twice', text: '{"a":"b","a":"b"}', offset: 9, pointer: '/a' },
    { title: 'a name and its \\u escape', text: '{"a":1,"\\u0061":2}', offset: 7, pointer: '/a' },
    {
      title: 'two different escapes of one name',
      text: '{"\\u00e9":1,"\\u00E9":2}',
      offset: 12,
      pointer: redactPointer(['é']),
    },
    {
      title: 'a raw and an escaped accented name',
      text: '{"é":1,"\\u00e9":2}',
      offset: 8,
      pointer: redactPointer(['é']),
    },
    {
      title: 'a simple escape and its raw character',
      text: '{"a/b":1,"a\\/b":2}',
      offset: 9,
      pointer: redactPointer(['a/b']),
    },
    { title: 'the empty name twice', text: '{"":1,"":2}', offset: 6, pointer: redactPointer(['']) },
    { title: 'a name repeated in a nested object', text: '{"x":{"k":1,"k":2}}', offset: 12, pointer: '/x/k' },
    { title: '__proto__ twice', text: '{"__proto__":1,"__proto__":2}', offset: 15, pointer: '/__proto__' },
  ];

  it.each(DUPLICATES)('refuses $title', ({ text, offset, pointer }) => {
    expect(errorOf(text)).toEqual({ code: 'parse.duplicate_key', offset, pointer });
  });

  it('refuses a duplicate in a large object (past the in-place comparison)', () => {
    const members = Array.from({ length: 40 }, (_, k) => `"m${k}":${k}`);
    const text = `{${members.join(',')},"m7":0}`;
    expect(errorOf(text)).toMatchObject({ code: 'parse.duplicate_key', pointer: '/m7' });
    expect(parseJson(`{${members.join(',')}}`).ok).toBe(true);
  });

  it('refuses a duplicate whose first copy held an escape, in a large object', () => {
    const members = Array.from({ length: 20 }, (_, k) => `"m${k}":${k}`);
    const text = `{"\\u0078":0,${members.join(',')},"x":1}`;
    expect(errorOf(text)).toMatchObject({ code: 'parse.duplicate_key', pointer: '/x' });
  });

  it('accepts the same name in sibling objects and names that differ only in case or length', () => {
    expect(parseJson('[{"a":1},{"a":2}]').ok).toBe(true);
    expect(parseJson('{"a":1,"A":2,"aa":3,"a ":4}').ok).toBe(true);
  });
});

describe('lone surrogates', () => {
  const LONE: readonly { title: string; text: string; offset: number }[] = [
    { title: 'a high surrogate escape alone', text: '["\\uD800"]', offset: 2 },
    { title: 'a low surrogate escape alone', text: '["\\uDC00"]', offset: 2 },
    { title: 'a high escape followed by a non-surrogate escape', text: '["\\uD888\\u1234"]', offset: 2 },
    { title: 'a high escape followed by text', text: '["\\uD800abc"]', offset: 2 },
    { title: 'a high escape followed by another high escape', text: '["\\uD800\\uD800\\uDC00"]', offset: 2 },
    { title: 'inverted surrogate escapes', text: '["\\uDd1e\\uD834"]', offset: 2 },
    { title: 'a high escape at the end of the text', text: '"\\uD800', offset: 1 },
    { title: 'a lone surrogate escape in a member name', text: '{"\\uDFAA":0}', offset: 2 },
    { title: 'a raw lone high surrogate', text: '["a\uD800"]', offset: 3 },
    { title: 'a raw lone low surrogate after multibyte text', text: '["é\uDC00"]', offset: 4 },
    { title: 'a raw lone surrogate after U+FFFD', text: '"\uFFFD\uD800"', offset: 4 },
    { title: 'raw surrogates in the wrong order', text: '"\uDE00\uD83D"', offset: 1 },
  ];

  it.each(LONE)('refuses $title', ({ text, offset }) => {
    expect(errorOf(text)).toMatchObject({ code: 'parse.lone_surrogate', offset });
  });

  it('accepts surrogate pairs, escaped and raw, and U+FFFD beside them', () => {
    expect(parseJson('["\\uD83D\\uDE00","😀","\uFFFD😀","\\ud834\\udd1e"]')).toEqual({
      ok: true,
      value: ['😀', '😀', '\uFFFD😀', '𝄞'],
    });
  });

  it('reports a raw lone surrogate outside a string as a syntax error', () => {
    expect(errorOf('[1,\uD800]')).toMatchObject({ code: 'parse.syntax', offset: 3 });
  });

  it('reports the first failure in text order when a lone surrogate follows another failure', () => {
    expect(errorOf('["\\q","\uD800"]')).toMatchObject({ code: 'parse.invalid_escape', offset: 2 });
  });
});

describe('string length (UTF-16 code units after unescaping)', () => {
  const CASES: readonly { title: string; text: string; units: number }[] = [
    { title: 'ASCII', text: '"abcd"', units: 4 },
    { title: 'three-byte characters', text: '"登录失败"', units: 4 },
    { title: 'emoji (two units each)', text: '"😀😀"', units: 4 },
    { title: 'escapes (one unit each)', text: '"\\n\\t\\u0041\\""', units: 4 },
    { title: 'an escaped surrogate pair (two units)', text: '"ab\\uD83D\\uDE00"', units: 4 },
  ];

  it.each(CASES)('counts $title', ({ text, units }) => {
    expect(parseJson(text, { maxStringLength: units }).ok).toBe(true);
    const error = errorOf(text, { maxStringLength: units - 1 });
    expect(error).toEqual({
      code: 'parse.string_length',
      offset: 0,
      pointer: '',
      limit: units - 1,
      actual: units,
    });
  });

  it('counts member names too, and points at the member', () => {
    expect(parseJson('{"abc":1}', { maxStringLength: 3 }).ok).toBe(true);
    expect(errorOf('{"abcd":1}', { maxStringLength: 3 })).toEqual({
      code: 'parse.string_length',
      offset: 1,
      pointer: '/abcd',
      limit: 3,
      actual: 4,
    });
  });

  it('reports the syntax failure of an unterminated long string before its length', () => {
    const code: ParseErrorCode = errorOf(`"${'a'.repeat(100)}`, { maxStringLength: 10 }).code;
    expect(code).toBe('parse.unexpected_end');
  });
});

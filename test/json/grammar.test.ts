// RFC 8259 grammar: what the strict parser accepts, and the code and byte offset of everything it refuses.
import { describe, expect, it } from 'vitest';
import { parseJson } from '../../src/json/parse.js';
import type { ParseErrorCode } from '../../src/json/types.js';

interface Accepted {
  readonly title: string;
  readonly text: string;
  readonly value: unknown;
}

interface Refused {
  readonly title: string;
  readonly text: string;
  readonly code: ParseErrorCode;
  readonly offset: number;
  readonly pointer?: string;
}

const ACCEPTED: readonly Accepted[] = [
  { title: 'a top-level string', text: '"x"', value: 'x' },
  { title: 'a top-level number', text: '42', value: 42 },
  { title: 'a top-level literal', text: 'null', value: null },
  { title: 'true and false', text: '[true,false]', value: [true, false] },
  { title: 'empty containers', text: '{"a":[],"b":{}}', value: { a: [], b: {} } },
  {
    title: 'the four whitespace characters around every token',
    text: ' \t\n\r{ "a" :\r\n[ 1 ,\t2 ] } \n',
    value: { a: [1, 2] },
  },
  { title: 'U+2028 and U+2029 inside a string', text: '"\u2028\u2029"', value: '\u2028\u2029' },
  { title: 'U+FFFD inside a string', text: '"\uFFFD"', value: '\uFFFD' },
  {
    title: 'raw multilingual text and emoji',
    text: '["登录失败","تعذر","Échec","🔍👨‍👩‍👧"]',
    value: ['登录失败', 'تعذر', 'Échec', '🔍👨‍👩‍👧'],
  },
  { title: 'DEL (0x7F) raw in a string', text: '"\u007f"', value: '\u007f' },
];

const REFUSED: readonly Refused[] = [
  { title: 'empty text', text: '', code: 'parse.unexpected_end', offset: 0 },
  { title: 'whitespace only', text: ' \n', code: 'parse.unexpected_end', offset: 2 },
  { title: 'a byte order mark', text: '\uFEFF{}', code: 'parse.syntax', offset: 0 },
  {
    title: 'a vertical tab as whitespace',
    text: '[\u000b1]',
    code: 'parse.syntax',
    offset: 1,
    pointer: '/0',
  },
  { title: 'a form feed as whitespace', text: '\f1', code: 'parse.syntax', offset: 0 },
  {
    title: 'a no-break space as whitespace',
    text: '[\u00a01]',
    code: 'parse.syntax',
    offset: 1,
    pointer: '/0',
  },
  { title: 'a line comment', text: '[1]// c', code: 'parse.syntax', offset: 3 },
  { title: 'a block comment', text: '[/* c */1]', code: 'parse.syntax', offset: 1, pointer: '/0' },
  { title: 'a trailing comma in an array', text: '[1,]', code: 'parse.syntax', offset: 3, pointer: '/1' },
  { title: 'a trailing comma in an object', text: '{"a":1,}', code: 'parse.syntax', offset: 7 },
  { title: 'a leading comma', text: '[,1]', code: 'parse.syntax', offset: 1, pointer: '/0' },
  { title: 'NaN', text: 'NaN', code: 'parse.syntax', offset: 0 },
  { title: 'Infinity', text: '[-Infinity]', code: 'parse.syntax', offset: 2, pointer: '/0' },
  { title: 'a leading zero', text: '[01]', code: 'parse.syntax', offset: 2 },
  { title: 'a leading plus', text: '+1', code: 'parse.syntax', offset: 0 },
  { title: 'a bare fraction', text: '.5', code: 'parse.syntax', offset: 0 },
  { title: 'a trailing dot', text: '1.', code: 'parse.unexpected_end', offset: 2 },
  { title: 'a dot without digits', text: '[1.e5]', code: 'parse.syntax', offset: 3, pointer: '/0' },
  { title: 'an exponent without digits', text: '[1e+]', code: 'parse.syntax', offset: 4, pointer: '/0' },
  { title: 'a minus alone', text: '-', code: 'parse.unexpected_end', offset: 1 },
  { title: 'hexadecimal', text: '0x10', code: 'parse.syntax', offset: 1 },
  { title: 'single quotes', text: "['a']", code: 'parse.syntax', offset: 1, pointer: '/0' },
  { title: 'an unquoted member name', text: '{a:1}', code: 'parse.syntax', offset: 1 },
  { title: 'a missing colon', text: '{"a" 1}', code: 'parse.syntax', offset: 5, pointer: '/a' },
  { title: 'a missing comma', text: '[1 2]', code: 'parse.syntax', offset: 3 },
  { title: 'a missing value', text: '{"a":}', code: 'parse.syntax', offset: 5, pointer: '/a' },
  { title: 'a capitalised literal', text: 'True', code: 'parse.syntax', offset: 0 },
  { title: 'a truncated literal', text: 'nul', code: 'parse.syntax', offset: 0 },
  { title: 'a second value', text: 'true false', code: 'parse.syntax', offset: 5 },
  { title: 'text after the value', text: '{} x', code: 'parse.syntax', offset: 3 },
  { title: 'a NUL byte after the value', text: '{}\u0000', code: 'parse.syntax', offset: 2 },
  { title: 'an unclosed array', text: '[1', code: 'parse.unexpected_end', offset: 2 },
  {
    title: 'an unclosed object after a colon',
    text: '{"a":',
    code: 'parse.unexpected_end',
    offset: 5,
    pointer: '/a',
  },
  { title: 'an unclosed string', text: '"abc', code: 'parse.unexpected_end', offset: 4 },
  { title: 'a mismatched bracket', text: '[1}', code: 'parse.syntax', offset: 2 },
  { title: 'a closing bracket alone', text: ']', code: 'parse.syntax', offset: 0 },
  { title: 'a raw line feed in a string', text: '"a\nb"', code: 'parse.control_character', offset: 2 },
  {
    title: 'a raw tab in a string',
    text: '["\t"]',
    code: 'parse.control_character',
    offset: 2,
    pointer: '/0',
  },
  { title: 'a raw NUL in a string', text: '"\u0000"', code: 'parse.control_character', offset: 1 },
  { title: 'an unknown escape', text: '"\\x41"', code: 'parse.invalid_escape', offset: 1 },
  { title: 'an escaped single quote', text: '"\\\'"', code: 'parse.invalid_escape', offset: 1 },
  { title: 'a short unicode escape', text: '"\\u12"', code: 'parse.invalid_escape', offset: 1 },
  { title: 'a non-hex unicode escape', text: '"\\u12G4"', code: 'parse.invalid_escape', offset: 1 },
  { title: 'an uppercase U escape', text: '"\\U0041"', code: 'parse.invalid_escape', offset: 1 },
  { title: 'a text ending inside a unicode escape', text: '"\\u00', code: 'parse.unexpected_end', offset: 5 },
  { title: 'a text ending after a backslash', text: '"\\', code: 'parse.unexpected_end', offset: 2 },
];

describe('parseJson grammar', () => {
  it.each(ACCEPTED)('accepts $title', ({ text, value }) => {
    expect(parseJson(text)).toEqual({ ok: true, value });
  });

  it.each(REFUSED)('refuses $title', ({ text, code, offset, pointer }) => {
    const result = parseJson(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe(code);
    expect(result.error.offset).toBe(offset);
    expect(result.error.pointer).toBe(pointer ?? '');
  });

  it('accepts every escape RFC 8259 defines', () => {
    expect(parseJson('"\\"\\\\\\/\\b\\f\\n\\r\\t\\u0041\\u00e9\\uD83D\\uDE00"')).toEqual({
      ok: true,
      value: '"\\/\b\f\n\r\tAé😀',
    });
  });

  it('keeps -0 and reads exponents and fractions as JSON.parse does', () => {
    const result = parseJson('[-0,1.5e3,-2E-2,0.1,1e308]');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toEqual([-0, 1500, -0.02, 0.1, 1e308]);
    expect(Object.is((result.value as number[])[0], -0)).toBe(true);
  });
});

describe('parseJson across calls', () => {
  it('never reads the leftovers of a longer text parsed before', () => {
    const cases: readonly [string, string, string][] = [
      ['"\\u1234"', '"\\u12', 'parse.unexpected_end'],
      ['"\\uD83D\\uDE00"', '"\\uD83D\\uDE', 'parse.lone_surrogate'],
      ['[true]', '[tru', 'parse.syntax'],
      ['"abc"', '"ab', 'parse.unexpected_end'],
      ['[1e5]', '[1e', 'parse.unexpected_end'],
    ];
    for (const [longer, shorter, code] of cases) {
      expect(parseJson(longer + ' '.repeat(64)).ok).toBe(true);
      expect(parseJson(shorter)).toMatchObject({ ok: false, error: { code } });
    }
  });
});

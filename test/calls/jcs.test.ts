// RFC 8785 canonical JSON: the RFC's number vectors, string escaping and member order, and every refusal.
import { describe, expect, it } from 'vitest';
import { canonicalHash } from '../../src/calls/canonical-hash.js';
import { canonicalize, MAX_CANONICAL_DEPTH } from '../../src/calls/jcs.js';

/** RFC 8785 Appendix B: IEEE 754 bit patterns and their required serialization. */
const APPENDIX_B: ReadonlyArray<readonly [string, string]> = [
  ['0000000000000000', '0'],
  ['8000000000000000', '0'],
  ['0000000000000001', '5e-324'],
  ['8000000000000001', '-5e-324'],
  ['7fefffffffffffff', '1.7976931348623157e+308'],
  ['ffefffffffffffff', '-1.7976931348623157e+308'],
  ['4340000000000000', '9007199254740992'],
  ['c340000000000000', '-9007199254740992'],
  ['4430000000000000', '295147905179352830000'],
  ['44b52d02c7e14af5', '9.999999999999997e+22'],
  ['44b52d02c7e14af6', '1e+23'],
  ['44b52d02c7e14af7', '1.0000000000000001e+23'],
  ['444b1ae4d6e2ef4e', '999999999999999700000'],
  ['444b1ae4d6e2ef4f', '999999999999999900000'],
  ['444b1ae4d6e2ef50', '1e+21'],
  ['3eb0c6f7a0b5ed8c', '9.999999999999997e-7'],
  ['3eb0c6f7a0b5ed8d', '0.000001'],
  ['41b3de4355555553', '333333333.3333332'],
  ['41b3de4355555554', '333333333.33333325'],
  ['41b3de4355555555', '333333333.3333333'],
  ['41b3de4355555556', '333333333.3333334'],
  ['41b3de4355555557', '333333333.33333343'],
  ['becbf647612f3696', '-0.0000033333333333333333'],
  ['43143ff3c1cb0959', '1424953923781206.2'],
];

function fromBits(hex: string): number {
  return Buffer.from(hex, 'hex').readDoubleBE(0);
}

function text(value: unknown): string {
  const result = canonicalize(value);
  if (!result.ok) throw new Error(`refused: ${result.code}`);
  return result.text;
}

describe('canonicalize numbers (RFC 8785 section 3.2.2.3, Appendix B)', () => {
  it.each(APPENDIX_B)('writes the double %s as %s', (hex, expected) => {
    expect(text(fromBits(hex))).toBe(expected);
    expect(text([fromBits(hex)])).toBe(`[${expected}]`);
  });

  it.each([
    ['7fffffffffffffff', 'NaN'],
    ['7ff0000000000000', 'Infinity'],
    ['fff0000000000000', '-Infinity'],
  ])('refuses the double %s (%s)', (hex) => {
    expect(canonicalize({ n: fromBits(hex) })).toEqual({
      ok: false,
      code: 'canonical.non_finite_number',
      pointer: '/n',
    });
  });
});

describe('canonicalize strings and objects', () => {
  it('reproduces the RFC 8785 section 3.2.2 example exactly', () => {
    const input = String.raw`{
      "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],
      "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
      "literals": [null, true, false]
    }`;
    expect(text(JSON.parse(input))).toBe(
      String.raw`{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\u000f\nA'B\"\\\\\"/"}`,
    );
  });

  it('sorts members by UTF-16 code units as in RFC 8785 section 3.2.3', () => {
    const input = String.raw`{
      "\u20ac": "Euro Sign", "\r": "Carriage Return", "\ufb33": "Hebrew Letter Dalet With Dagesh",
      "1": "One", "\ud83d\ude00": "Emoji: Grinning Face", "\u0080": "Control",
      "\u00f6": "Latin Small Letter O With Diaeresis"
    }`;
    // Read the order off the text itself: Object.keys would list the integer-like "1" first whatever the order.
    const keys = [...text(JSON.parse(input)).matchAll(/"((?:[^"\\]|\\.)*)":/g)].map((match) => match[1]);
    expect(keys).toEqual(['\\r', '1', '\u0080', '\u00f6', '\u20ac', '\ud83d\ude00', '\ufb33']);
  });

  it('orders by code unit, not code point: a surrogate pair sorts before U+FFFF', () => {
    expect(text({ '\uffff': 1, '\u{1F600}': 2 })).toBe('{"\u{1F600}":2,"\uffff":1}');
  });

  it('escapes only quote, backslash and controls, controls in lower-case hex or short form', () => {
    expect(text('\b\t\n\f\r\u0000\u001f"\\/\u007f\u2028é')).toBe(
      '"\\b\\t\\n\\f\\r\\u0000\\u001f\\"\\\\/\u007f\u2028é"',
    );
  });

  it('gives equal values written differently one text and one digest', () => {
    const a = canonicalHash(JSON.parse('{"b":[1.0,2e0,{"y":null,"x":true}],"a":"\\u0041"}'));
    const b = canonicalHash({ a: 'A', b: [1, 2, { x: true, y: null }] });
    expect(a.ok && b.ok && a.sha256 === b.sha256).toBe(true);
    expect(a.ok && a.text).toBe('{"a":"A","b":[1,2,{"x":true,"y":null}]}');
    expect(a.ok && a.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps a member named __proto__ as a member', () => {
    expect(text(JSON.parse('{"__proto__":{"a":1},"b":2}'))).toBe('{"__proto__":{"a":1},"b":2}');
  });
});

describe('canonicalize refusals (never throws)', () => {
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  let deep: unknown = 0;
  for (let i = 0; i <= MAX_CANONICAL_DEPTH; i++) deep = [deep];
  const holey: number[] = [1];
  holey[2] = 3;

  it.each([
    ['a lone high surrogate in a string', { s: 'a\ud800b' }, 'canonical.lone_surrogate', '/s'],
    [
      'a lone low surrogate in a name',
      { '\udc00': 1 },
      'canonical.lone_surrogate',
      expect.stringMatching(/^\/#[0-9a-f]{8}$/),
    ],
    ['undefined', { u: undefined }, 'canonical.unsupported_value', '/u'],
    ['a function', [() => 1], 'canonical.unsupported_value', '/0'],
    ['a bigint', { n: 1n }, 'canonical.unsupported_value', '/n'],
    ['a symbol key', { [Symbol('k')]: 1 }, 'canonical.unsupported_value', ''],
    ['a Date', { d: new Date(0) }, 'canonical.unsupported_value', '/d'],
    ['a Map', new Map(), 'canonical.unsupported_value', ''],
    ['an array hole', holey, 'canonical.unsupported_value', '/1'],
    [
      'a getter',
      Object.defineProperty({}, 'g', { get: () => 1, enumerable: true }),
      'canonical.unsupported_value',
      '/g',
    ],
    ['a cycle', cyclic, 'canonical.cycle', '/self'],
  ])('refuses %s', (_title, value, code, pointer) => {
    expect(canonicalize(value)).toEqual({ ok: false, code, pointer });
  });

  it('refuses nesting deeper than the bound', () => {
    expect(canonicalize(deep)).toMatchObject({ ok: false, code: 'canonical.too_deep' });
  });

  it('accepts an object with a null prototype and writes -0 as 0', () => {
    const bare = Object.assign(Object.create(null) as object, { z: -0, a: [] });
    expect(text(bare)).toBe('{"a":[],"z":0}');
  });
});

// The scanner's copy of a text: exact code units, a sentinel after them, and wiped once the scan is done.
import { describe, expect, it } from 'vitest';
import { withCodeUnits } from '../../src/json/code-units.js';

describe('withCodeUnits', () => {
  it('holds every code unit, lone surrogates included, then a 0 sentinel', () => {
    const text = 'a\u00e9\u4e2d\uD83D\uDE00\uD800"';
    const seen = withCodeUnits(text, ({ units, length }) => [...units.subarray(0, length + 1)]);
    const expected: number[] = [];
    for (let k = 0; k < text.length; k++) expected.push(text.charCodeAt(k));
    expect(seen).toEqual([...expected, 0]);
  });

  it('wipes the copy when done, so no tool output lingers in the reused memory', () => {
    let kept: Uint16Array | undefined;
    withCodeUnits('{"secret":"tool output"}', ({ units }) => {
      kept = units;
    });
    expect(kept?.subarray(0, 24).every((unit) => unit === 0)).toBe(true);
  });

  it('wipes the copy even when the callback throws', () => {
    let kept: Uint16Array | undefined;
    expect(() =>
      withCodeUnits('abc', ({ units }) => {
        kept = units;
        throw new Error('defect');
      }),
    ).toThrow('defect');
    expect(kept?.subarray(0, 3).every((unit) => unit === 0)).toBe(true);
  });
});

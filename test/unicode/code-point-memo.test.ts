// A yes/no answer per code point, computed once: same answers as the question, asked at most once each.
import { describe, expect, it } from 'vitest';
import { CodePointMemo } from '../../src/unicode/code-point-memo.js';

describe('CodePointMemo', () => {
  it('answers as the question does, asking it once per code point', () => {
    const asked: number[] = [];
    const memo = new CodePointMemo((codePoint) => {
      asked.push(codePoint);
      return codePoint % 3 === 0;
    });
    const codePoints = [0, 1, 2, 3, 0x41, 0xffff, 0x10000, 0x1f600, 0x10ffff];
    for (let round = 0; round < 3; round++) {
      expect(codePoints.map((codePoint) => memo.has(codePoint))).toEqual(
        codePoints.map((codePoint) => codePoint % 3 === 0),
      );
    }
    expect(asked).toEqual(codePoints);
  });

  it('asks every time for numbers that are not code points, and remembers nothing for them', () => {
    let asked = 0;
    const memo = new CodePointMemo(() => {
      asked++;
      return true;
    });
    expect([memo.has(-1), memo.has(0x110000), memo.has(-1)]).toEqual([true, true, true]);
    expect(asked).toBe(3);
  });
});

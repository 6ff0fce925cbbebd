// Read limits are checked once only when they can never change; anything mutable is checked on every call.
import { describe, expect, it } from 'vitest';
import { checkReadLimits } from '../../src/read/check-limits.js';
import { DEFAULT_LIMITS, resolveLimits, type ReadLimits } from '../../src/vocabulary/limits.js';

/** Breaks a limits object that has passed a check, then checks it again. */
function checkAfterBreaking(limits: ReadLimits, breakIt: () => void): () => void {
  checkReadLimits(limits);
  breakIt();
  return () => {
    checkReadLimits(limits);
  };
}

describe('checkReadLimits on a second call', () => {
  it('accepts a defined tool’s frozen limits again and again', () => {
    const limits = resolveLimits(undefined).read;
    for (let k = 0; k < 3; k++)
      expect(() => {
        checkReadLimits(limits);
      }).not.toThrow();
  });

  it('checks a mutable object again after it changed', () => {
    const limits: { -readonly [K in keyof ReadLimits]: ReadLimits[K] } = { ...DEFAULT_LIMITS.read };
    expect(checkAfterBreaking(limits, () => (limits.timeoutMs = 0))).toThrow(TypeError);
  });

  it('checks frozen limits again when a list inside them can change', () => {
    const contentTypes = ['application/json'];
    const limits = Object.freeze({ ...DEFAULT_LIMITS.read, contentTypes });
    expect(checkAfterBreaking(limits, () => contentTypes.push('Bad/Type'))).toThrow(TypeError);
  });

  it('checks frozen limits again when a field is a getter', () => {
    let timeoutMs = 1000;
    const limits = Object.freeze(
      Object.defineProperty({ ...DEFAULT_LIMITS.read }, 'timeoutMs', { get: () => timeoutMs }),
    );
    expect(checkAfterBreaking(limits, () => (timeoutMs = -1))).toThrow(TypeError);
  });

  it('checks frozen limits again when a field comes from a prototype', () => {
    const inherited: { timeoutMs: number } = { timeoutMs: 1000 };
    const own: { -readonly [K in keyof ReadLimits]?: ReadLimits[K] } = { ...DEFAULT_LIMITS.read };
    delete own.timeoutMs;
    const limits = Object.freeze(Object.assign(Object.create(inherited) as object, own)) as ReadLimits;
    expect(checkAfterBreaking(limits, () => (inherited.timeoutMs = 0))).toThrow(TypeError);
  });
});

// The purpose index answers as a plain map of containers would, whatever order the lookups come in.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PurposeIndex, type ContainerPurposes } from '../../src/walk/purpose-index.js';
import type { PurposeKind } from '../../src/vocabulary/purpose-kinds.js';

const KINDS: readonly PurposeKind[] = ['id', 'enum', 'text', 'url', 'html'];

/** An entry for container `n`: none, one purpose for every item, or a table of members. */
function entryFor(n: number): ContainerPurposes | undefined {
  if (n % 5 === 0) return undefined;
  if (n % 3 === 0) return KINDS[n % KINDS.length];
  return Object.freeze({ a: KINDS[n % KINDS.length] as PurposeKind, b: 'text' });
}

/** An index filled as the walk fills it: places taken in document order, entries given at each end. */
function walked(count: number, copied: ReadonlySet<number>): { index: PurposeIndex; finals: object[] } {
  const index = new PurposeIndex();
  const sources = Array.from({ length: count }, () => ({}));
  const places = sources.map((source) => index.reserve(source));
  const finals = sources.map((source, n) => (copied.has(n) ? { copy: n } : source));
  // Ends come in reverse order here (a chain of nested containers): the order of ends does not matter.
  for (let n = count - 1; n >= 0; n--) index.fill(places[n] as number, finals[n] as object, entryFor(n));
  return { index, finals };
}

describe('PurposeIndex', () => {
  it('answers as a map of containers, for lookups in order, out of order and of unknown containers', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 0, max: 60 })
          .chain((count) =>
            fc.tuple(
              fc.constant(count),
              fc.uniqueArray(fc.nat({ max: Math.max(0, count - 1) }), { maxLength: count }),
              fc.array(fc.integer({ min: -1, max: count }), { maxLength: 80 }),
            ),
          ),
        ([count, copied, lookups]) => {
          const { index, finals } = walked(count, new Set(copied));
          const stranger = {};
          for (const n of lookups) {
            const container = finals[n] ?? stranger;
            const entry = finals[n] === undefined ? undefined : entryFor(n);
            for (const key of ['a', 'b', 0, 1]) {
              const expected = typeof entry === 'string' ? entry : entry?.[key];
              expect(index.of(container, key)).toBe(expected);
            }
          }
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('answers lookups in document order, skipping containers the projection leaves out', () => {
    const { index, finals } = walked(40, new Set([3, 4]));
    for (let n = 1; n < 40; n += 3)
      expect(index.of(finals[n] as object, 'a')).toBe(
        typeof entryFor(n) === 'string'
          ? entryFor(n)
          : (entryFor(n) as Record<string, PurposeKind> | undefined)?.a,
      );
  });

  it('keeps entries recorded by hand after a walk, and a later walk entry for the same container wins', () => {
    const { index, finals } = walked(4, new Set());
    const first = finals[1] as object;
    index.set(first, 'c', 'url');
    expect(index.of(first, 'c')).toBe('url');
    expect(index.of(first, 'a')).toBe((entryFor(1) as Record<string, PurposeKind>).a);
    const later = index.reserve(first);
    index.fill(later, first, 'html');
    expect(index.of(first, 'anything')).toBe('html');
  });
});

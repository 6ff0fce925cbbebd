// The special tally gives exactly the findings of a plain set-and-sort tally, over generated hit sequences.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TEXT_FINDING_CODES } from '../../../src/purposes/text/findings.js';
import { resolveTextOptions, type ResolvedTextOptions } from '../../../src/purposes/text/options.js';
import { SpecialTally } from '../../../src/purposes/text/special-tally.js';
import { formatCodePoint } from '../../../src/unicode/codepoint.js';
import { SPECIAL_CLASSES, type SpecialClass } from '../../../src/unicode/special.js';
import type { Finding } from '../../../src/vocabulary/finding.js';

const CLASSES = SPECIAL_CLASSES;

type Step =
  | { kind: 'record'; specialClass: SpecialClass; codePoint: number; reason: string | undefined }
  | { kind: 'note'; specialClass: SpecialClass; key: string; value: string | number };

/** The tally written the plain way: a set of code points per class, sorted when the findings are made. */
function referenceFindings(steps: readonly Step[], policy: ResolvedTextOptions): Finding[] {
  const hits = new Map<
    SpecialClass,
    { count: number; codePoints: Set<number>; detail: Record<string, string | number> }
  >();
  const entry = (specialClass: SpecialClass) => {
    let found = hits.get(specialClass);
    if (found === undefined)
      hits.set(specialClass, (found = { count: 0, codePoints: new Set(), detail: {} }));
    return found;
  };
  for (const step of steps) {
    const found = entry(step.specialClass);
    if (step.kind === 'note') {
      found.detail[step.key] = step.value;
      continue;
    }
    found.count++;
    found.codePoints.add(step.codePoint);
    if (step.reason !== undefined)
      found.detail[step.reason] = ((found.detail[step.reason] as number | undefined) ?? 0) + 1;
  }
  const order = (specialClass: SpecialClass) => TEXT_FINDING_CODES.indexOf(`text.${specialClass}`);
  return [...hits]
    .sort(([a], [b]) => order(a) - order(b))
    .map(([specialClass, found]) => {
      const action = specialClass === 'private_use' ? policy.privateUse : policy.actions[specialClass];
      return {
        code: `text.${specialClass}`,
        pointer: '',
        count: found.count,
        action: action === 'reject' ? 'rejected' : 'cleaned',
        detail: {
          codePoints: [...found.codePoints]
            .sort((a, b) => a - b)
            .slice(0, 8)
            .map(formatCodePoint)
            .join(' '),
          distinct: found.codePoints.size,
          ...found.detail,
        },
      };
    });
}

const specialClass = fc.constantFrom(...CLASSES);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('record' as const),
      specialClass,
      // Few code points, so that repeats are common; a wide range, so that sets of many are made too.
      codePoint: fc.oneof(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 0x10ffff })),
      reason: fc.constantFrom(undefined, 'unbalanced', 'no_rtl', 'overflow'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('note' as const),
      specialClass,
      key: fc.constantFrom('payloads', 'decodedLength', 'digest', 'no_rtl'),
      value: fc.oneof(fc.nat(), fc.constantFrom('a1b2', '')),
    }),
  },
);

describe('special tally', () => {
  it('gives exactly the findings of a set-and-sort tally', () => {
    const policies = [
      resolveTextOptions({}),
      resolveTextOptions({ actions: { control: 'reject', bidi_control: 'reject' }, privateUse: 'reject' }),
    ];
    fc.assert(
      fc.property(fc.array(step, { maxLength: 120 }), fc.constantFrom(0, 1), (steps, which) => {
        const policy = policies[which] ?? resolveTextOptions({});
        const tally = new SpecialTally();
        for (const each of steps) {
          if (each.kind === 'note') tally.note(each.specialClass, each.key, each.value);
          else tally.record(each.specialClass, each.codePoint, each.reason);
        }
        const expected = referenceFindings(steps, policy);
        expect(tally.isEmpty()).toBe(expected.length === 0);
        for (const each of CLASSES)
          expect(tally.has(each)).toBe(expected.some((finding) => finding.code === `text.${each}`));
        expect(JSON.stringify(tally.findings(policy))).toBe(JSON.stringify(expected));
      }),
      { numRuns: 3000 },
    );
  });
});

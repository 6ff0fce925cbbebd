// Property tests: round trips of generated values; agreement with JSON.parse on arbitrary and mutated text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/vocabulary/limits.js';
import { parseJson } from '../../src/json/parse.js';
import { scanJson } from '../../src/json/scanner.js';
import type { ParseErrorCode } from '../../src/json/types.js';
import { withCodeUnits } from '../../src/json/code-units.js';

/** The only reasons the strict parser may refuse a text that JSON.parse accepts. */
const STRICTER_THAN_JSON_PARSE: ReadonlySet<ParseErrorCode> = new Set<ParseErrorCode>([
  'parse.duplicate_key',
  'parse.lone_surrogate',
  'parse.unsafe_integer',
  'parse.number_overflow',
  'parse.depth',
  'parse.members',
  'parse.items',
  'parse.string_length',
  'parse.nodes',
]);

/** Which way a text went: JSON.parse refused it, both read the same value, or only parseJson refused it. */
type Agreement = 'refused' | 'same value' | 'stricter';

/**
 * Asserts how parseJson relates to JSON.parse on one text; parseJson must return, never throw. The scanner is
 * checked on its own too: parseJson would refuse a text JSON.parse cannot build even if the scan let it pass.
 * Returns which way the text went, so a property can show it reached the value comparison.
 */
function agreesWithJsonParse(text: string): Agreement {
  const result = parseJson(text);
  let reference: { ok: true; value: unknown } | { ok: false };
  try {
    reference = { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    reference = { ok: false };
  }
  if (!reference.ok) {
    expect(result.ok).toBe(false);
    expect(withCodeUnits(text, (units) => scanJson(text, units, DEFAULT_LIMITS.parse))).toBeDefined();
    return 'refused';
  }
  if (result.ok) {
    expect(result.value).toStrictEqual(reference.value);
    return 'same value';
  }
  expect(STRICTER_THAN_JSON_PARSE.has(result.error.code)).toBe(true);
  return 'stricter';
}

/** Counts of each way texts went. */
function tally(): { counts: Record<Agreement, number>; check: (text: string) => void } {
  const counts: Record<Agreement, number> = { refused: 0, 'same value': 0, stricter: 0 };
  return {
    counts,
    check: (text) => {
      counts[agreesWithJsonParse(text)]++;
    },
  };
}

/** Tokens and characters that make mutations land on the parser's interesting paths. */
const MUTATION_PIECES = fc.constantFrom(
  '{',
  '}',
  '[',
  ']',
  ',',
  ':',
  '"',
  '\\',
  '\\u',
  'D800',
  'DC00',
  '\\uD83D\\uDE00',
  '0',
  '-',
  '.',
  'e',
  '1e999',
  '9007199254740993',
  'true',
  'null',
  ' ',
  '\t',
  '\n',
  '\u0000',
  '\u001f',
  '\uFEFF',
  '\uD800',
  '\uDC00',
  '😀',
  'é',
  '登',
  '\u2028',
  '/*',
  '"a"',
  '"a":1',
  'NaN',
  "'",
);

type Mutation = { readonly at: number; readonly remove: number; readonly insert: string };

const mutationArbitrary: fc.Arbitrary<Mutation> = fc.record({
  at: fc.nat(),
  remove: fc.nat({ max: 3 }),
  insert: fc.oneof(MUTATION_PIECES, fc.string({ unit: 'binary', maxLength: 3 })),
});

function mutate(text: string, mutations: readonly Mutation[]): string {
  let out = text;
  for (const { at, remove, insert } of mutations) {
    const position = out.length === 0 ? 0 : at % (out.length + 1);
    out = out.slice(0, position) + insert + out.slice(position + remove);
  }
  return out;
}

describe('parseJson properties', () => {
  it('round-trips generated values (unique names, within limits)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8, stringUnit: 'grapheme' }), (value) => {
        // Generated doubles may be integers beyond 2^53, which JSON.stringify writes as integer literals; and
        // JSON.stringify writes -0 as 0, so the value to compare with is the serialized one read back.
        const result = parseJson(JSON.stringify(value), { unsafeIntegers: 'allow' });
        expect(result).toStrictEqual({ ok: true, value: JSON.parse(JSON.stringify(value)) as unknown });
      }),
      { numRuns: 500 },
    );
  });

  it('never throws on arbitrary strings, and refuses whatever JSON.parse refuses', () => {
    const { counts, check } = tally();
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 40 }), check), { numRuns: 2000 });
    // Short random strings are almost never JSON: this property is about refusing; the next one reads values.
    expect(counts.refused).toBeGreaterThan(1500);
  });

  it('never throws on mutated documents, and refuses whatever JSON.parse refuses', () => {
    const documents = fc
      .jsonValue({ maxDepth: 5, stringUnit: 'grapheme' })
      .map((value) => JSON.stringify(value));
    const { counts, check } = tally();
    fc.assert(
      fc.property(
        documents,
        fc.array(mutationArbitrary, { minLength: 1, maxLength: 4 }),
        (text, mutations) => {
          check(mutate(text, mutations));
        },
      ),
      { numRuns: 3000 },
    );
    // Every way a text can go must be reached often enough for the comparison to mean something.
    expect(counts.refused).toBeGreaterThan(1000);
    expect(counts['same value']).toBeGreaterThan(50);
    expect(counts.stricter).toBeGreaterThan(50);
  });

  it('never throws under arbitrary limits', () => {
    const limits = fc.record(
      {
        maxDepth: fc.oneof(fc.integer({ min: -2, max: 6 }), fc.constant(Number.NaN), fc.constant(Infinity)),
        maxMembers: fc.integer({ min: -1, max: 4 }),
        maxItems: fc.integer({ min: -1, max: 4 }),
        maxStringLength: fc.integer({ min: -1, max: 8 }),
        maxNodes: fc.integer({ min: -1, max: 20 }),
        unsafeIntegers: fc.constantFrom('reject' as const, 'allow' as const),
      },
      { requiredKeys: [] },
    );
    const documents = fc
      .jsonValue({ maxDepth: 5, stringUnit: 'grapheme' })
      .map((value) => JSON.stringify(value));
    let refused = 0;
    fc.assert(
      fc.property(documents, limits, (text, chosen) => {
        const result = parseJson(text, chosen);
        if (result.ok) return;
        refused++;
        expect(STRICTER_THAN_JSON_PARSE.has(result.error.code)).toBe(true);
      }),
      { numRuns: 1000 },
    );
    // The limits must refuse often enough for the check on the refusal codes to mean something.
    expect(refused).toBeGreaterThan(300);
  });
});

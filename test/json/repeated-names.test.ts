// Property test: arrays of like objects (names repeated, reordered, respelled, cut or broken) against a Set of decoded names.
import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJson } from '../../src/json/parse.js';
import { literal } from './written-names.js';

/** Names that collide often, and enough of them for objects past the in-place limit of 16 members. */
const NAME_POOL = ['a', 'b', 'ab', 'ba', 'aab', 'abb', 'é', 'a"b', '😀', 'a😀', 'x', 'xy', 'yx', 'id', 'idx'];
const MANY_NAMES = Array.from({ length: 12 }, (_, k) => `k${k}`);

/** How one object of an array departs from the names of the array's first object. */
type Change =
  | { readonly kind: 'same' }
  | { readonly kind: 'prefix'; readonly keep: number }
  | { readonly kind: 'replace'; readonly at: number; readonly name: string }
  | { readonly kind: 'respell'; readonly at: number; readonly escapes: number }
  | { readonly kind: 'append'; readonly name: string }
  | { readonly kind: 'swap'; readonly at: number };

/** A broken name literal: its first characters, then a raw control, a raw lone surrogate, a bad escape or the end. */
interface Fault {
  readonly object: number;
  readonly at: number;
  readonly keep: number;
  readonly kind: 'control' | 'surrogate' | 'escape' | 'end';
}

interface GeneratedArray {
  readonly names: readonly string[];
  readonly changes: readonly Change[];
  /** Per object, the array nested as the value of its member at `nestAt` (numbers elsewhere). */
  readonly nested: GeneratedArray | undefined;
  readonly nestAt: number;
  readonly fault: Fault | undefined;
}

const anyName = fc.constantFrom(...NAME_POOL, ...MANY_NAMES);
const change: fc.Arbitrary<Change> = fc.oneof(
  fc.constant({ kind: 'same' as const }),
  fc.constant({ kind: 'same' as const }),
  fc.record({ kind: fc.constant('prefix' as const), keep: fc.nat(20) }),
  fc.record({ kind: fc.constant('replace' as const), at: fc.nat(20), name: anyName }),
  fc.record({ kind: fc.constant('respell' as const), at: fc.nat(20), escapes: fc.nat() }),
  fc.record({ kind: fc.constant('append' as const), name: anyName }),
  fc.record({ kind: fc.constant('swap' as const), at: fc.nat(20) }),
);
const fault: fc.Arbitrary<Fault> = fc.record({
  object: fc.nat(8),
  at: fc.nat(20),
  keep: fc.nat(3),
  kind: fc.constantFrom('control' as const, 'surrogate' as const, 'escape' as const, 'end' as const),
});

const generatedArray = fc.letrec<{ array: GeneratedArray }>((tie) => ({
  array: fc.record({
    names: fc.uniqueArray(anyName, { minLength: 1, maxLength: 20 }),
    changes: fc.array(change, { minLength: 1, maxLength: 8 }),
    // Every object of an array nests the whole nested array: two levels keep a text under ~1,000 objects.
    nested: fc.option(tie('array'), { depthSize: 'small', maxDepth: 2, nil: undefined }),
    nestAt: fc.nat(20),
    fault: fc.option(fault, { freq: 4, nil: undefined }),
  }),
})).array;

/** The names (with their escapes) of an object changed by `change` from `names`. */
function namesOf(names: readonly string[], change: Change): { name: string; escapes: number }[] {
  const written = names.map((name) => ({ name, escapes: 0 }));
  const at = (k: number): number => k % written.length;
  if (change.kind === 'prefix') written.length = Math.min(change.keep, written.length);
  if (change.kind === 'replace') written[at(change.at)] = { name: change.name, escapes: 0 };
  if (change.kind === 'respell')
    written[at(change.at)] = { name: names[at(change.at)] ?? '', escapes: change.escapes };
  if (change.kind === 'append') written.push({ name: change.name, escapes: 0 });
  if (change.kind === 'swap' && written.length > 1) {
    const k = at(change.at);
    const next = at(change.at + 1);
    [written[k], written[next]] = [
      written[next] ?? { name: '', escapes: 0 },
      written[k] ?? { name: '', escapes: 0 },
    ];
  }
  return written;
}

/** The expected first failure: its code and code-unit index. */
interface Expected {
  code: string;
  index: number;
}

/** The text of `array`, cut where an `end` fault stands, and its first failure in text order, if any. */
function write(array: GeneratedArray): { text: string; expected: Expected | undefined } {
  let text = '';
  let expected: Expected | undefined;
  const emitArray = (current: GeneratedArray): void => {
    text += '[';
    current.changes.forEach((objectChange, objectIndex) => {
      if (objectIndex > 0) text += ',';
      const seen = new Set<string>();
      text += '{';
      namesOf(current.names, objectChange).forEach(({ name, escapes }, k) => {
        if (expected !== undefined) return;
        if (k > 0) text += ',';
        const broken = current.fault;
        if (broken !== undefined && broken.object === objectIndex && broken.at === k) {
          text += `"${Array.from(name).slice(0, broken.keep).join('').replaceAll('"', '')}`;
          const faults = {
            control: ['\u0001', 'parse.control_character'],
            surrogate: ['\ud800', 'parse.lone_surrogate'],
            escape: ['\\x', 'parse.invalid_escape'],
            end: ['', 'parse.unexpected_end'],
          } as const;
          const [written, code] = faults[broken.kind];
          expected = { code, index: text.length };
          text += `${written}"`;
          return;
        }
        if (seen.has(name)) expected = { code: 'parse.duplicate_key', index: text.length };
        seen.add(name);
        text += `${literal(name, escapes)}:`;
        if (current.nested === undefined || k !== current.nestAt % current.names.length) text += String(k);
        else emitArray(current.nested);
      });
      text += '}';
    });
    text += ']';
  };
  emitArray(array);
  if (expected?.code === 'parse.unexpected_end') text = text.slice(0, expected.index);
  return { text, expected };
}

describe('member names that repeat the previous object', () => {
  it('are refused exactly where a Set of decoded names per object first repeats, or where a name breaks', () => {
    fc.assert(
      fc.property(generatedArray, (array) => {
        const { text, expected } = write(array);
        const result = parseJson(text);
        if (expected === undefined) {
          // Compared as JSON text: linear in the size of the value, where a deep equality walk is not.
          expect(result.ok && JSON.stringify(result.value)).toBe(JSON.stringify(JSON.parse(text)));
        } else {
          expect(result.ok).toBe(false);
          if (result.ok) return;
          expect(result.error.code).toBe(expected.code);
          expect(result.error.offset).toBe(Buffer.byteLength(text.slice(0, expected.index)));
        }
      }),
      { numRuns: 3000 },
    );
  });
});

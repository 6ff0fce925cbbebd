// Property test: duplicate member names are found exactly as a simple reference (a Set of decoded names) finds them.
import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJson } from '../../src/json/parse.js';
import { literal } from './written-names.js';

/** Names that collide often: equal lengths, equal first and last code units, non-ASCII, a quote, a pair. */
const NAME_POOL = [
  'a',
  'b',
  'ab',
  'ba',
  'aab',
  'abb',
  'acb',
  'é',
  'aé',
  '"',
  'a"b',
  '😀',
  'a😀',
  'x',
  'xy',
  'yx',
];

/** One member name as written: each character plain or escaped, chosen by `escapes` bit by bit. */
interface WrittenName {
  readonly name: string;
  readonly escapes: number;
}

/** A generated object: its members in order, each a written name and a number or a nested object. */
interface GeneratedObject {
  readonly members: readonly { readonly key: WrittenName; readonly value: number | GeneratedObject }[];
}

const writtenName = fc.record({ name: fc.constantFrom(...NAME_POOL), escapes: fc.nat() });

const generatedObject = fc.letrec<{ object: GeneratedObject }>((tie) => ({
  object: fc.record({
    members: fc.array(
      fc.record({ key: writtenName, value: fc.oneof({ depthSize: 'small' }, fc.nat(9), tie('object')) }),
      { maxLength: 24 },
    ),
  }),
})).object;

/** The text of `object`, and the text index of its first duplicate name in text order (-1 when none). */
function write(object: GeneratedObject): { text: string; duplicateAt: number } {
  let text = '';
  let duplicateAt = -1;
  const emit = (current: GeneratedObject): void => {
    const seen = new Set<string>();
    text += '{';
    current.members.forEach(({ key, value }, k) => {
      if (k > 0) text += ',';
      if (seen.has(key.name) && duplicateAt < 0) duplicateAt = text.length;
      seen.add(key.name);
      text += `${literal(key.name, key.escapes)}:`;
      if (typeof value === 'number') text += String(value);
      else emit(value);
    });
    text += '}';
  };
  emit(object);
  return { text, duplicateAt };
}

describe('duplicate member names', () => {
  it('are refused exactly where a Set of decoded names per object first repeats, escaped or not', () => {
    fc.assert(
      fc.property(generatedObject, (object) => {
        const { text, duplicateAt } = write(object);
        const result = parseJson(text);
        if (duplicateAt < 0) {
          expect(result).toEqual({ ok: true, value: JSON.parse(text) as unknown });
        } else {
          expect(result.ok).toBe(false);
          if (result.ok) return;
          expect(result.error.code).toBe('parse.duplicate_key');
          expect(result.error.offset).toBe(Buffer.byteLength(text.slice(0, duplicateAt)));
        }
      }),
      { numRuns: 2000 },
    );
  });
});

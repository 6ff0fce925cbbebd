// Script families: the CJK scripts are one, and the family with the most letters dominates a text.
import { describe, expect, it } from 'vitest';
import { packedProperties, scriptIdOf } from '../../src/unicode/properties.js';
import { dominantFamily, familyOf, familyOfScriptId } from '../../src/unicode/script-family.js';

const id = (codePoint: number): number => scriptIdOf(packedProperties(codePoint));
const LATIN = id(0x61);
const CYRILLIC = id(0x430);
const HAN = id(0x4e2d);
const HIRAGANA = id(0x306e);
const KATAKANA = id(0x30ab);

function letters(counts: readonly [number, number][]): number[] {
  const byId: number[] = [];
  for (const [scriptId, count] of counts) byId[scriptId] = count;
  return byId;
}

describe('script families', () => {
  it('fold the CJK scripts into Han and leave the others alone', () => {
    expect(['Han', 'Hiragana', 'Katakana', 'Hangul', 'Bopomofo'].map(familyOf)).toEqual(Array(5).fill('Han'));
    expect(['Latin', 'Cyrillic', 'Arabic'].map(familyOf)).toEqual(['Latin', 'Cyrillic', 'Arabic']);
    expect([familyOfScriptId(KATAKANA), familyOfScriptId(CYRILLIC)]).toEqual(['Han', 'Cyrillic']);
  });

  it('the dominant family has the most letters, the CJK scripts counted together', () => {
    expect(
      dominantFamily(
        letters([
          [LATIN, 5],
          [CYRILLIC, 3],
        ]),
      ),
    ).toBe('Latin');
    expect(
      dominantFamily(
        letters([
          [LATIN, 5],
          [HIRAGANA, 3],
          [KATAKANA, 2],
          [HAN, 1],
        ]),
      ),
    ).toBe('Han');
    expect(dominantFamily([])).toBeUndefined();
    expect(dominantFamily(letters([[LATIN, 0]]))).toBeUndefined();
  });

  it('a tie goes to the family of the lowest script id (Latin before Cyrillic; Han where its first script is)', () => {
    expect(LATIN < CYRILLIC && CYRILLIC < HAN).toBe(true);
    expect(
      dominantFamily(
        letters([
          [LATIN, 3],
          [CYRILLIC, 3],
        ]),
      ),
    ).toBe('Latin');
    expect(
      dominantFamily(
        letters([
          [CYRILLIC, 4],
          [HIRAGANA, 2],
          [HAN, 2],
        ]),
      ),
    ).toBe('Cyrillic');
    expect(
      dominantFamily(
        letters([
          [CYRILLIC, 3],
          [HAN, 2],
          [KATAKANA, 2],
        ]),
      ),
    ).toBe('Han');
  });
});

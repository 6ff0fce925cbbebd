// The generated script and category runs are exactly unicode-properties' answers, for every code point.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { generatePropertyRuns, PROPERTY_RUNS_PATH } from '../../scripts/generate-property-runs.js';
import {
  CATEGORY_FLAGS,
  packedProperties,
  propertiesFromPackage,
  scriptIdOf,
  scriptNameOf,
} from '../../src/unicode/properties.js';
import { ROOT } from '../architecture/source-files.js';

const ALL_FLAGS = Object.values(CATEGORY_FLAGS).reduce((all, flag) => all | flag, 0);

describe('generated property runs', () => {
  test('the committed module matches its regeneration (run `npm run generate` after changing unicode-properties)', () => {
    expect(readFileSync(join(ROOT, PROPERTY_RUNS_PATH), 'utf8') === generatePropertyRuns()).toBe(true);
  });

  test('every code point has the script and category flags unicode-properties gives it', () => {
    const mismatches: number[] = [];
    for (let codePoint = 0; codePoint <= 0x10ffff; codePoint++) {
      const packed = packedProperties(codePoint);
      const [script, flags] = propertiesFromPackage(codePoint);
      if (scriptNameOf(scriptIdOf(packed)) !== script || (packed & ALL_FLAGS) !== flags)
        mismatches.push(codePoint);
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
  });
});

// The committed precompiled validators are exactly what the generator produces today, and load as ES modules.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import { generateValidators } from '../../scripts/generate-validators.js';
import { ROOT } from '../architecture/source-files.js';

const generated = generateValidators();

describe('precompiled validators', () => {
  test('there is one module per contract-independent schema', () => {
    expect(generated.map((file) => file.path)).toEqual([
      'src/schema/generated/meta-2020-12.ts',
      'src/schema/generated/secure-schema.ts',
      'src/schema/generated/contract-file.ts',
      'src/schema/generated/purpose-keyword.ts',
    ]);
  });

  test.each(generated.map((file) => [file.path, file.text] as const))(
    '%s matches its regeneration (run `npm run generate` after changing ajv, its options or the schema)',
    (path, text) => {
      expect(readFileSync(join(ROOT, path), 'utf8') === text).toBe(true);
    },
  );

  test('their helper imports resolve from an ES module in Node', () => {
    const specifiers = generated.flatMap((file) =>
      [...file.text.matchAll(/^import \w+ from '([^']+)';$/gm)].map((match) => match[1] ?? ''),
    );
    expect(specifiers.length).toBeGreaterThan(0);
    for (const specifier of specifiers) {
      expect(import.meta.resolve(specifier, pathToFileURL(join(ROOT, 'src/schema/generated/')).href)).toMatch(
        /^file:/,
      );
    }
  });
});

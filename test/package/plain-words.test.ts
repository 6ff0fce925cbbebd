// What a user reads of the package speaks of what things do, never of design documents they do not have.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { ROOT } from './packed-app.js';

/** "Seed 000", "seed 003's", "seed-004": names of design notes that do not ship. */
const DESIGN_NOTE = /\bseed[ -]\d{3}\b/i;

/** The files under `dir` (relative to the clone) whose names end with one of `endings`. */
function filesUnder(dir: string, endings: readonly string[]): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => endings.some((ending) => name.endsWith(ending)))
    .map((name) => join(dir, name));
}

test('the README, shipped contracts, packs, examples and the code whose declarations ship name no design note', () => {
  const files = [
    'README.md',
    ...filesUnder('fixtures', ['.json']),
    ...filesUnder('examples', ['.ts', '.md']),
    ...filesUnder('src', ['.ts']),
    ...filesUnder('sinks', ['.ts']),
  ];
  expect(files.length).toBeGreaterThan(300);
  const named = files.flatMap((file) =>
    readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .filter((line) => DESIGN_NOTE.test(line.replace(/"id": "[^"]*"/, '')))
      .map((line) => `${file}: ${line.trim().slice(0, 80)}`),
  );
  expect(named).toEqual([]);
});

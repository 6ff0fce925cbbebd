// The package's code entries (its exports map without JSON files) and the source module behind each.
import { readFileSync } from 'node:fs';

interface PackageJson {
  readonly exports: Readonly<Record<string, string | Readonly<Record<string, string>>>>;
}

const manifest = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
) as PackageJson;

/** Entry name (`.`, `./vault` …) → the TypeScript source it is built from. */
export const ENTRY_SOURCES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(manifest.exports)
    .filter(([, target]) => typeof target === 'object')
    .map(([entry]) => {
      const name = entry === '.' ? 'index' : entry.slice(2);
      return [entry, new URL(`../../src/${name}.ts`, import.meta.url).href];
    }),
);

// Bundles the compiled Node entries (after tsc) into one module each plus shared chunks, so an import opens a few files.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const ROOT = join(import.meta.dirname, '..');

/** Where tsc writes the library; the bundles replace its entry modules in place. */
export const LIB_DIR = join(ROOT, 'dist/src');

/** Where tsc writes modules the bundles absorb: only their declarations are kept. */
const COMPILED_DIRS = Object.freeze([LIB_DIR, join(ROOT, 'dist/sinks')]);

/**
 * Shared code goes to `dist/src/chunks/`: the same depth as the modules it comes from, so their file lookups
 * relative to `import.meta.url` (shipped fixtures, demo assets) resolve alike.
 */
const CHUNK_NAMES = 'chunks/[name]-[hash]';

interface Manifest {
  readonly bin: Readonly<Record<string, string>>;
  readonly exports: Readonly<Record<string, string | Readonly<Record<string, string>>>>;
}

/** The built modules the package's exports map and `bin` point at inside `dist/src/`, as absolute paths. */
export function nodeEntries(): string[] {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;
  const targets = [
    ...Object.values(manifest.exports).map((target) =>
      typeof target === 'string' ? target : target.default,
    ),
    ...Object.values(manifest.bin),
  ];
  return [
    ...new Set(
      targets
        .filter(
          (target): target is string => target !== undefined && /^(\.\/)?dist\/src\/.*\.js$/.test(target),
        )
        .map((target) => join(ROOT, target)),
    ),
  ];
}

/**
 * Bundles every Node entry with code splitting: a module used by several entries lives in one shared chunk, so
 * its classes and state keep one identity whichever entries an application imports. Packages stay imports
 * (resolved and deduplicated by the application's install); lazy `import()`s stay separate chunks. Every other
 * compiled module is deleted (no second copy to load by mistake, no stale chunk); the declarations stay where the
 * exports map names them.
 */
export async function bundleLib(): Promise<void> {
  const entryPoints = nodeEntries();
  const result = await build({
    entryPoints,
    outdir: LIB_DIR,
    outbase: LIB_DIR,
    chunkNames: CHUNK_NAMES,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    packages: 'external',
    allowOverwrite: true,
    sourcemap: false,
    metafile: true,
    logLevel: 'warning',
  });
  const written = new Set(Object.keys(result.metafile.outputs).map((output) => join(ROOT, output)));
  for (const dir of COMPILED_DIRS) {
    for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
      const path = join(entry.parentPath, entry.name);
      if (entry.isFile() && entry.name.endsWith('.js') && !written.has(path)) rmSync(path);
    }
  }
}

if (process.argv[1] === import.meta.filename) await bundleLib();

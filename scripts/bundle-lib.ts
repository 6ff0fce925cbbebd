// Bundles the compiled Node entries (after tsc) into one module each plus shared chunks, so an import opens a few files.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { keepConstantsPlugin } from './keep-constants.js';

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

/**
 * Dependencies whose code goes into the bundles instead of staying imports: CommonJS modules of pure functions
 * (no class or state an application could share with them), pinned to exact versions. Node reads a CommonJS
 * module imported from an ES module twice (its exports are found by parsing it); inside the bundle it costs
 * nothing to find. ajv and ajv-formats stay imports: `createAjv()` returns an ajv that the application's own
 * ajv plugins must recognise as theirs.
 */
const INLINED = Object.freeze(['ipaddr.js', 'punycode.js', 'fast-deep-equal', 'ajv/dist/runtime/']);

/** The packages whose licenses come with the inlined code. */
const INLINED_PACKAGES = Object.freeze(['ipaddr.js', 'punycode.js', 'fast-deep-equal', 'ajv']);

/** Where the inlined packages' licenses are written. */
const NOTICES = join(LIB_DIR, 'chunks/THIRD-PARTY-LICENSES.txt');

function inlined(specifier: string): boolean {
  return INLINED.some((prefix) =>
    prefix.endsWith('/')
      ? specifier.startsWith(prefix)
      : specifier === prefix || specifier.startsWith(`${prefix}/`),
  );
}

/** Every package import stays an import, except the {@link INLINED} ones. */
function packagesExternal(): Plugin {
  return {
    name: 'airlock-packages-external',
    setup(builder) {
      builder.onResolve({ filter: /^[^./]/ }, (args) =>
        args.path.startsWith('node:') || inlined(args.path) ? undefined : { path: args.path, external: true },
      );
    },
  };
}

/** The license of every inlined package, one after the other. */
function inlinedLicenses(): string {
  return INLINED_PACKAGES.map((name) => {
    const dir = join(ROOT, 'node_modules', name);
    const file = readdirSync(dir).find((entry) => /^licen[cs]e/i.test(entry));
    if (file === undefined) throw new Error(`${name} ships no license file`);
    return `${name}\n\n${readFileSync(join(dir, file), 'utf8').trim()}\n`;
  }).join('\n---\n\n');
}

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
 * (resolved and deduplicated by the application's install) but the few {@link INLINED} helpers; lazy
 * `import()`s stay separate chunks. Every other
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
    plugins: [packagesExternal(), keepConstantsPlugin()],
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
  writeFileSync(NOTICES, inlinedLicenses());
}

if (process.argv[1] === import.meta.filename) await bundleLib();

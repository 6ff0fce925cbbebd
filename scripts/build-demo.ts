// Builds the demo page's script and stylesheet (dist/demo/): React and the page bundled, the sinks imported.
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';

const ROOT = join(import.meta.dirname, '..');

/** Where `npm run build:browser` writes the demo's script and stylesheet. */
export const DEMO_DIR = join(ROOT, 'dist/demo');

/** The demo page's script. */
export const DEMO_ENTRY = join(ROOT, 'src/demo/app/main.tsx');

/** The demo page's stylesheet, copied as it is. */
export const DEMO_STYLES = join(ROOT, 'src/demo/app/demo.css');

/** How the page's script imports the sinks: the package's own bundle, served beside it. */
const SINKS_BESIDE = './airlock-sinks.js';

/**
 * The page imports the package by its public names, as an application does: `agent-airlock/react` is the built
 * component bundle (included), and `agent-airlock/browser` — also what that bundle imports — is the sinks'
 * bundle served beside the script, unchanged.
 */
function packageEntries(reactBundle: string): Plugin {
  return {
    name: 'airlock-demo-entries',
    setup(builder) {
      builder.onResolve({ filter: /^agent-airlock\/react$/ }, () => ({ path: reactBundle }));
      builder.onResolve({ filter: /^agent-airlock\/browser$/ }, () => ({
        path: SINKS_BESIDE,
        external: true,
      }));
      builder.onResolve({ filter: /^\.\/airlock-sinks\.js$/ }, (args) =>
        args.importer === reactBundle ? { path: SINKS_BESIDE, external: true } : undefined,
      );
    },
  };
}

/**
 * Bundles a page script that uses the package as an application does (React in its production build, the
 * component from `reactBundle`, the sinks' bundle imported from beside `outfile`).
 */
export async function buildPageBundle(
  entry: string,
  outfile: string,
  reactBundle: string,
): Promise<Metafile> {
  const result = await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    minify: true,
    sourcemap: false,
    metafile: true,
    legalComments: 'eof',
    logLevel: 'silent',
    // React comes from this project's node_modules wherever the component bundle was written.
    nodePaths: [join(ROOT, 'node_modules')],
    plugins: [packageEntries(reactBundle)],
  });
  return result.metafile;
}

/** Bundles the demo page into `outdir/demo.js` and copies its stylesheet to `outdir/demo.css`. */
export async function buildDemoBundle(outdir: string, reactBundle: string): Promise<Metafile> {
  await mkdir(outdir, { recursive: true });
  const metafile = await buildPageBundle(DEMO_ENTRY, join(outdir, 'demo.js'), reactBundle);
  await copyFile(DEMO_STYLES, join(outdir, 'demo.css'));
  return metafile;
}

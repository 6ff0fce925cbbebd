// Builds the UI sinks' browser bundle (dist/browser/airlock-sinks.js): ESM for browsers, no Node modules.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Metafile, type Plugin } from 'esbuild';

const ROOT = join(import.meta.dirname, '..');

/** The module the bundle is built from. */
export const BROWSER_ENTRY = join(ROOT, 'src/browser.ts');

/** Where `npm run build:browser` writes the bundle. */
export const BROWSER_BUNDLE = join(ROOT, 'dist/browser/airlock-sinks.js');

const NODE_ONLY = /^(?:node:.*|jsdom(?:\/.*)?)$/;

function browserOnly(): Plugin {
  return {
    name: 'airlock-browser-only',
    setup(builder) {
      builder.onResolve({ filter: NODE_ONLY }, (args) => {
        return { errors: [{ text: `"${args.path}" is Node-only and cannot be in the browser bundle` }] };
      });
    },
  };
}

/**
 * Bundles the browser entry (DOM rendering, Markdown, egress policy) as one ES module for browsers (no source
 * map: the package ships no sources), and returns esbuild's metafile so callers can see every input that went in.
 */
export async function buildBrowserBundle(outfile: string = BROWSER_BUNDLE): Promise<Metafile> {
  const result = await build({
    entryPoints: [BROWSER_ENTRY],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    sourcemap: false,
    metafile: true,
    legalComments: 'eof',
    logLevel: 'silent',
    plugins: [browserOnly()],
  });
  return result.metafile;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const metafile = await buildBrowserBundle();
  for (const [file, output] of Object.entries(metafile.outputs)) {
    console.log(`${file}: ${String(output.bytes)} bytes`);
  }
}

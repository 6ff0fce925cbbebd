// Builds the browser bundles: the UI sinks (dist/browser/airlock-sinks.js), the React component beside them,
// and the demo page's script.
import { dirname, join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Metafile, type Plugin } from 'esbuild';
import { buildDemoBundle, DEMO_DIR } from './build-demo.js';
import { keepConstantsPlugin } from './keep-constants.js';

const ROOT = join(import.meta.dirname, '..');

/** The module the bundle is built from. */
export const BROWSER_ENTRY = join(ROOT, 'src/browser.ts');

/** Where `npm run build:browser` writes the bundle. */
export const BROWSER_BUNDLE = join(ROOT, 'dist/browser/airlock-sinks.js');

/** The module the React component's bundle is built from. */
export const REACT_ENTRY = join(ROOT, 'src/react.ts');

/** Where `npm run build:browser` writes the React component's bundle (beside the sinks' bundle). */
export const REACT_BUNDLE = join(ROOT, 'dist/browser/airlock-react.js');

/** How the React bundle imports the sinks: the sinks' bundle beside it, so a page holds one copy of them. */
export const SINKS_IMPORT = './airlock-sinks.js';

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

/** Bundle settings every browser bundle shares: one ES module for browsers, no source map, licenses kept. */
const BROWSER_OPTIONS = Object.freeze({
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  sourcemap: false,
  metafile: true,
  legalComments: 'eof',
  logLevel: 'silent',
} as const);

/**
 * Bundles the browser entry (DOM rendering, Markdown, egress policy) as one ES module for browsers (no source
 * map: the package ships no sources), and returns esbuild's metafile so callers can see every input that went in.
 */
export async function buildBrowserBundle(outfile: string = BROWSER_BUNDLE): Promise<Metafile> {
  const result = await build({
    ...BROWSER_OPTIONS,
    entryPoints: [BROWSER_ENTRY],
    outfile,
    plugins: [browserOnly(), keepConstantsPlugin()],
  });
  return result.metafile;
}

/**
 * Every module of the project that the component imports from outside its own folder is the sinks' code: it
 * is imported from the sinks' bundle beside the component's, never bundled a second time.
 */
function sinksFromBundle(): Plugin {
  const own = join(ROOT, 'src/react') + sep;
  return {
    name: 'airlock-sinks-from-bundle',
    setup(builder) {
      builder.onResolve({ filter: /^\.\.?\// }, (args) => {
        const target = join(dirname(args.importer), args.path);
        return target.startsWith(own) ? undefined : { path: SINKS_IMPORT, external: true };
      });
    },
  };
}

/**
 * Bundles `agent-airlock/react` (the ToolOutput component) as one ES module that imports `react` from the
 * application and the sinks from `./airlock-sinks.js`, the browser bundle beside it.
 */
export async function buildReactBundle(outfile: string = REACT_BUNDLE): Promise<Metafile> {
  const result = await build({
    ...BROWSER_OPTIONS,
    entryPoints: [REACT_ENTRY],
    outfile,
    jsx: 'automatic',
    external: ['react', 'react/*', 'react-dom', 'react-dom/*'],
    plugins: [browserOnly(), sinksFromBundle(), keepConstantsPlugin()],
  });
  return result.metafile;
}

/** Builds the sinks' bundle, the React component's and the demo page's script into `dist` (or another folder). */
export async function buildBrowserBundles(dist: string = join(ROOT, 'dist')): Promise<Metafile[]> {
  const sinks = await buildBrowserBundle(join(dist, relative(join(ROOT, 'dist'), BROWSER_BUNDLE)));
  const reactBundle = join(dist, relative(join(ROOT, 'dist'), REACT_BUNDLE));
  const react = await buildReactBundle(reactBundle);
  const demo = await buildDemoBundle(join(dist, relative(join(ROOT, 'dist'), DEMO_DIR)), reactBundle);
  return [sinks, react, demo];
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const metafile of await buildBrowserBundles()) {
    for (const [file, output] of Object.entries(metafile.outputs)) {
      console.log(`${file}: ${String(output.bytes)} bytes`);
    }
  }
}

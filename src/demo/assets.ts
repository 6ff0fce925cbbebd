// Finds the demo's built files: the page's script and stylesheet, and the sinks' browser bundle.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The files the demo serves besides its page and its script: absolute paths. */
export interface DemoAssets {
  /** The demo page's module script (React, the conversation view, `agent-airlock/react`). */
  readonly app: string;
  /** The demo page's stylesheet. */
  readonly styles: string;
  /** The sinks' browser bundle, `agent-airlock/browser`, exactly as the package ships it. */
  readonly sinks: string;
}

/** Where `dist/` is, seen from this module: in a build (dist/src/demo) or in the sources (src/demo). */
const DIST_CANDIDATES = Object.freeze(['../../', '../../dist/']);

/**
 * The built assets of this copy of Airlock (`dist/demo/` and `dist/browser/`), or `undefined` when they have not
 * been built (`npm run build:browser` builds them; the package ships them).
 */
export function builtDemoAssets(): DemoAssets | undefined {
  for (const candidate of DIST_CANDIDATES) {
    const dist = fileURLToPath(new URL(candidate, import.meta.url));
    const assets: DemoAssets = {
      app: `${dist}demo/demo.js`,
      styles: `${dist}demo/demo.css`,
      sinks: `${dist}browser/airlock-sinks.js`,
    };
    if ([assets.app, assets.styles, assets.sinks].every((path) => existsSync(path))) return assets;
  }
  return undefined;
}

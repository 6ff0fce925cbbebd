// The demo as the browser tests open it: bundles built into a temp folder, the shipped packs through the gate.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildBrowserBundles, REACT_BUNDLE } from '../../scripts/build-browser.js';
import { buildPageBundle } from '../../scripts/build-demo.js';
import { buildDemoScript } from '../../src/demo/build-script.js';
import type { DemoScript } from '../../src/demo/script.js';
import { startDemoServer, type DemoServer } from '../../src/demo/server.js';
import { discoverPacks } from '../../src/packs/discover.js';
import { loadPack } from '../../src/packs/load-pack.js';
import type { LoadedPack } from '../../src/packs/pack.js';
import { shippedFixturesDir } from '../../src/packs/shipped.js';
import { launchChromium, type ChromiumSession } from './chromium.js';
import { guardRequests, PROBE_SCRIPT } from './page-probe.js';

/** The page script the render-time test mounts ToolOutput with, and where it is served. */
export const HARNESS_PATH = '/assets/harness.js';

/** A running demo with everything the tests compare it against. */
export interface DemoSite {
  readonly server: DemoServer;
  /** The server's origin, without a trailing slash. */
  readonly origin: string;
  readonly script: DemoScript;
  readonly packs: readonly LoadedPack[];
  /** The sinks' bundle the page loads, as text. */
  readonly sinksBundle: string;
  /** The test harness page script (React, ToolOutput), served by a route at {@link HARNESS_PATH}. */
  readonly harness: string;
}

/** Every shipped pack, loaded as `airlock demo` loads them. */
export async function shippedPacks(): Promise<LoadedPack[]> {
  const fixtures = shippedFixturesDir();
  if (fixtures === undefined) throw new Error('the shipped fixtures are missing');
  const packs: LoadedPack[] = [];
  for (const dir of discoverPacks([`${fixtures}packs`], process.cwd()))
    packs.push(await loadPack(dir, process.cwd()));
  return packs;
}

/** Builds the browser bundles into `dist`, runs the shipped packs and starts the demo server on a free port. */
export async function startDemoSite(dist: string): Promise<DemoSite> {
  await buildBrowserBundles(dist);
  const reactBundle = join(dist, 'browser', REACT_BUNDLE.split('/').at(-1) ?? '');
  const harnessFile = join(dist, 'harness.js');
  await buildPageBundle(join(import.meta.dirname, 'react-harness.tsx'), harnessFile, reactBundle);
  const packs = await shippedPacks();
  const { script } = await buildDemoScript(packs);
  const assets = {
    app: join(dist, 'demo/demo.js'),
    styles: join(dist, 'demo/demo.css'),
    sinks: join(dist, 'browser/airlock-sinks.js'),
  };
  const server = await startDemoServer({ script, assets, port: 0 });
  return {
    server,
    origin: server.url.replace(/\/$/, ''),
    script,
    packs,
    sinksBundle: readFileSync(assets.sinks, 'utf8'),
    harness: readFileSync(harnessFile, 'utf8'),
  };
}

/** The demo and a Chromium watching it: probe installed in every page, requests off the origin recorded. */
export interface DemoSession {
  readonly site: DemoSite;
  readonly browser: ChromiumSession;
  /** Every request to anywhere but the demo's origin (each one aborted). */
  readonly foreign: string[];
  close(): Promise<void>;
}

/** Starts the demo ({@link startDemoSite}) and a Chromium that probes every page it opens. */
export async function startDemoSession(dist: string): Promise<DemoSession> {
  const site = await startDemoSite(dist);
  const browser = await launchChromium();
  await browser.context.addInitScript(PROBE_SCRIPT);
  const foreign = await guardRequests(browser.context, site.origin);
  return {
    site,
    browser,
    foreign,
    async close() {
      await browser.close();
      await site.server.close();
    },
  };
}

// A page under the README's CSP for the streaming tests: the sinks' bundle, a chat app, and a streamed answer.
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { buildBrowserBundles, REACT_BUNDLE } from '../../scripts/build-browser.js';
import { afterAll, beforeAll } from 'vitest';
import { buildPageBundle } from '../../scripts/build-demo.js';
import { useTempDir } from '../support/temp-dir.js';
import { launchChromium, type ChromiumSession } from './chromium.js';
import { guardRequests, PROBE_SCRIPT } from './page-probe.js';
import { listenOnLoopback, type PageServer } from './page-server.js';

/** The Content-Security-Policy the README proposes for a chat UI, word for word. */
export const README_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; object-src 'none'; img-src 'self' https://tickets.example.com; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; require-trusted-types-for 'script'; trusted-types agent-airlock";

/** Runs first on `/`: keeps the sinks' bundle as `window.airlock` and marks the page ready. */
const BOOT = `window.airlock = await import('/airlock-sinks.js');
document.documentElement.dataset.ready = 'yes';`;

/** Streams an answer to a chat request: each call receives the request's body and writes the reply. */
export type ChatHandler = (request: IncomingMessage, response: ServerResponse) => void;

/** The running site and its origin. */
export type StreamSite = PageServer;

function page(script: string): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>airlock stream</title>
<script type="module" src="${script}"></script></head>
<body><main id="app"></main></body></html>`;
}

/**
 * Builds the bundles into `dist` and serves, under {@link README_CSP} as a response header: `/` (the sinks as
 * `window.airlock`), `/chat` (the page script `chatEntry`, bundled as an application bundles it, when given),
 * the bundles, and `POST /api/chat` answered by `chat`.
 */
export async function startStreamSite(
  dist: string,
  { chatEntry, chat }: { readonly chatEntry?: string; readonly chat?: ChatHandler } = {},
): Promise<StreamSite> {
  await buildBrowserBundles(dist);
  const sinks = await readFile(join(dist, 'browser/airlock-sinks.js'));
  let app: Buffer | undefined;
  if (chatEntry !== undefined) {
    const out = join(dist, 'browser/chat.js');
    await buildPageBundle(chatEntry, out, join(dist, 'browser', REACT_BUNDLE.split('/').at(-1) ?? ''));
    app = await readFile(out);
  }
  const script = 'text/javascript; charset=utf-8';
  const files = new Map<string, readonly [string, string | Buffer]>([
    ['/', ['text/html; charset=utf-8', page('/boot.js')]],
    ['/chat', ['text/html; charset=utf-8', page('/chat.js')]],
    ['/boot.js', [script, BOOT]],
    ['/airlock-sinks.js', [script, sinks]],
  ]);
  if (app !== undefined) files.set('/chat.js', [script, app]);
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const file = files.get(path);
    if (request.method === 'POST' && path === '/api/chat' && chat !== undefined) {
      chat(request, response);
    } else if (request.method === 'GET' && file !== undefined) {
      response.writeHead(200, {
        'content-type': file[0],
        'content-security-policy': README_CSP,
        'cache-control': 'no-store',
      });
      response.end(file[1]);
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  return listenOnLoopback(server);
}

/** A running site and a Chromium whose pages count script runs and violations, and the requests that left. */
export interface StreamSession {
  readonly site: StreamSite;
  readonly browser: ChromiumSession;
  /** Every request a page made outside the site's origin (none of them reaches the network). */
  readonly requests: readonly string[];
}

/** Starts the site and Chromium before the file's tests and stops both after them; returns a getter. */
export function useStreamSession(
  name: string,
  options: { readonly chatEntry?: string; readonly chat?: ChatHandler } = {},
): () => StreamSession {
  const dist = useTempDir(name);
  let session: StreamSession | undefined;
  beforeAll(async () => {
    const site = await startStreamSite(dist, options);
    const browser = await launchChromium();
    await browser.context.addInitScript(PROBE_SCRIPT);
    session = { site, browser, requests: await guardRequests(browser.context, site.origin) };
  }, 120_000);
  afterAll(async () => {
    await session?.browser.close();
    await session?.site.close();
  });
  return () => {
    if (session === undefined) throw new Error('useStreamSession: the site did not start');
    return session;
  };
}

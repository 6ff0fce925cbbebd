// The demo's HTTP server: Node's own, on 127.0.0.1 only, serving the page, its files and the script as JSON.
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DemoAssets } from './assets.js';
import { demoCsp } from './csp.js';
import { DEMO_ASSET_PATHS, DEMO_PAGE } from './page.js';
import { SCRIPT_PATH, type DemoScript } from './script.js';

/** The loopback address the demo listens on; it is never reachable from another machine. */
export const DEMO_HOST = '127.0.0.1';

/** How long closing waits for open connections before it resolves anyway. */
const CLOSE_DEADLINE_MS = 2_000;

/** What the demo serves and where. */
export interface DemoServerOptions {
  readonly script: DemoScript;
  readonly assets: DemoAssets;
  /** The port on 127.0.0.1; 0 picks a free one. */
  readonly port: number;
}

/** A running demo server. */
export interface DemoServer {
  /** `http://127.0.0.1:PORT/`. */
  readonly url: string;
  /** The Content-Security-Policy every response carries. */
  readonly csp: string;
  /** Stops listening and ends open connections; resolves within a few seconds at most. */
  close(): Promise<void>;
}

interface Resource {
  readonly type: string;
  readonly body: Buffer;
}

/**
 * Starts the demo server. Every response carries the strict CSP ({@link demoCsp}), `nosniff`, no referrer and
 * no caching; only GET and HEAD are answered, and only for a `Host` of 127.0.0.1 or localhost on the server's
 * port, so a page elsewhere cannot reach it through a rebound DNS name. Rejects when an asset cannot be read
 * or the port cannot be bound.
 */
export async function startDemoServer(options: DemoServerOptions): Promise<DemoServer> {
  const csp = demoCsp(options.script.packs.map((pack) => pack.egress));
  const resources = new Map<string, Resource>([
    ['/', { type: 'text/html; charset=utf-8', body: Buffer.from(DEMO_PAGE) }],
    [
      DEMO_ASSET_PATHS.app,
      { type: 'text/javascript; charset=utf-8', body: await readFile(options.assets.app) },
    ],
    [
      DEMO_ASSET_PATHS.sinks,
      { type: 'text/javascript; charset=utf-8', body: await readFile(options.assets.sinks) },
    ],
    [
      DEMO_ASSET_PATHS.styles,
      { type: 'text/css; charset=utf-8', body: await readFile(options.assets.styles) },
    ],
    [SCRIPT_PATH, { type: 'application/json', body: Buffer.from(JSON.stringify(options.script)) }],
  ]);
  let port = options.port;
  const server = createServer((request, response) => {
    respond(request, response, { csp, resources, port });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, DEMO_HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://${DEMO_HOST}:${String(port)}/`,
    csp,
    close: () =>
      new Promise<void>((resolve) => {
        const deadline = setTimeout(resolve, CLOSE_DEADLINE_MS);
        deadline.unref();
        server.close(() => {
          clearTimeout(deadline);
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}

function respond(
  request: IncomingMessage,
  response: ServerResponse,
  site: { readonly csp: string; readonly resources: ReadonlyMap<string, Resource>; readonly port: number },
): void {
  const headers = {
    'content-security-policy': site.csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': 'no-store',
  };
  const plain = (status: number, text: string, extra: Record<string, string> = {}): void => {
    response.writeHead(status, { ...headers, ...extra, 'content-type': 'text/plain; charset=utf-8' });
    response.end(request.method === 'HEAD' ? undefined : `${text}\n`);
  };
  const hosts = [`${DEMO_HOST}:${String(site.port)}`, `localhost:${String(site.port)}`];
  if (!hosts.includes(request.headers.host ?? '')) {
    plain(421, 'misdirected request');
    return;
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    plain(405, 'method not allowed', { allow: 'GET, HEAD' });
    return;
  }
  const path = new URL(request.url ?? '/', `http://${DEMO_HOST}`).pathname;
  const resource = site.resources.get(path);
  if (resource === undefined) {
    plain(404, 'not found');
    return;
  }
  response.writeHead(200, {
    ...headers,
    'content-type': resource.type,
    'content-length': String(resource.body.length),
  });
  response.end(request.method === 'HEAD' ? undefined : resource.body);
}

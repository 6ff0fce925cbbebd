// A node:http server on 127.0.0.1 for the browser test: the test page (with or without CSP) and the bundle.
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The Content-Security-Policy of the `/csp` page: the second boundary, allowing only this origin and one host. */
export const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "img-src 'self' https://tickets.example.com",
  "style-src 'none'",
  "connect-src 'none'",
  "frame-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/**
 * Runs before anything is rendered: exposes the bundle as `window.airlock` and records CSP violations
 * (directive and blocked URI) in `window.__violations`.
 */
const BOOT_SCRIPT = `
window.__violations = [];
document.addEventListener('securitypolicyviolation', (event) => {
  window.__violations.push(event.violatedDirective + ' ' + event.blockedURI);
});
const airlock = await import('/airlock-sinks.js');
window.airlock = airlock;
document.documentElement.dataset.ready = 'yes';
`;

function page(csp: boolean): string {
  const meta = csp ? `<meta http-equiv="Content-Security-Policy" content="${PAGE_CSP}">` : '';
  return `<!doctype html>
<html><head><meta charset="utf-8">${meta}<title>airlock sinks</title>
<script type="module" src="/boot.js"></script></head>
<body><div id="html"></div><div id="markdown"></div><div id="outcome-markdown"></div><div id="control"></div></body></html>`;
}

/** The running server and its origin. */
export interface PageServer {
  readonly origin: string;
  close(): Promise<void>;
}

/** Serves `/` (no CSP), `/csp` (CSP meta tag), `/boot.js` and `/airlock-sinks.js` (the bundle at `bundlePath`). */
export async function servePage(bundlePath: string): Promise<PageServer> {
  const bundle = await readFile(bundlePath);
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const send = (type: string, body: string | Buffer): void => {
      response.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(body);
    };
    if (path === '/' || path === '/csp') send('text/html; charset=utf-8', page(path === '/csp'));
    else if (path === '/boot.js') send('text/javascript; charset=utf-8', BOOT_SCRIPT);
    else if (path === '/airlock-sinks.js') send('text/javascript; charset=utf-8', bundle);
    else {
      response.writeHead(404);
      response.end();
    }
  });
  return listenOnLoopback(server);
}

/** Starts `server` on a free loopback port; `close` also ends open connections (a stream still answering). */
export async function listenOnLoopback(server: Server): Promise<PageServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${String(port)}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

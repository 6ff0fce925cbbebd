// The demo server: loopback only, strict headers on every response, GET and HEAD only, closes promptly.
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { demoCsp, imageSources } from '../../src/demo/csp.js';
import { DEMO_PAGE } from '../../src/demo/page.js';
import { SCRIPT_PATH, type DemoScript } from '../../src/demo/script.js';
import { startDemoServer, type DemoServer } from '../../src/demo/server.js';
import { defineEgressPolicy } from '../../src/egress/policy.js';
import { useTempDir } from '../support/temp-dir.js';

const dir = useTempDir('demo-server');
const SCRIPT: DemoScript = {
  packs: [{ name: 'p', description: 'd', egress: defineEgressPolicy({ hosts: ['a.example'] }), cases: [] }],
};

/** One raw HTTP exchange, so the Host header and the method can be anything. */
function exchange(
  url: string,
  options: { readonly method?: string; readonly host?: string } = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = request(url, {
      method: options.method ?? 'GET',
      headers: { host: options.host ?? new URL(url).host },
    });
    sent.setTimeout(5_000, () => sent.destroy(new Error('timeout')));
    sent.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
      });
    });
    sent.on('error', reject);
    sent.end();
  });
}

describe('the demo server', () => {
  let server: DemoServer;

  beforeAll(async () => {
    const assets = { app: join(dir, 'demo.js'), styles: join(dir, 'demo.css'), sinks: join(dir, 'sinks.js') };
    writeFileSync(assets.app, 'export {};');
    writeFileSync(assets.styles, 'body {}');
    writeFileSync(assets.sinks, 'export const sinks = 1;');
    server = await startDemoServer({ script: SCRIPT, assets, port: 0 });
  });

  afterAll(async () => {
    await server.close();
  });

  test('listens on 127.0.0.1 and serves the page, its files and the script with the strict CSP', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const page = await exchange(server.url);
    expect(page.status).toBe(200);
    expect(page.body).toBe(DEMO_PAGE);
    expect(page.headers).toMatchObject({
      'content-security-policy': demoCsp([SCRIPT.packs[0]!.egress]),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
      'content-type': 'text/html; charset=utf-8',
    });
    expect(server.csp).toContain("img-src https://a.example; connect-src 'self'");
    const script = await exchange(new URL(SCRIPT_PATH, server.url).href);
    expect(JSON.parse(script.body)).toEqual(JSON.parse(JSON.stringify(SCRIPT)));
    const sinks = await exchange(new URL('/assets/airlock-sinks.js', server.url).href);
    expect(sinks).toMatchObject({ status: 200, body: 'export const sinks = 1;' });
    expect(sinks.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });

  test('answers only GET and HEAD, for its own host names, and nothing else', async () => {
    expect((await exchange(server.url, { method: 'POST' })).status).toBe(405);
    expect((await exchange(server.url, { host: 'rebound.example' })).status).toBe(421);
    expect((await exchange(server.url, { host: `localhost:${new URL(server.url).port}` })).status).toBe(200);
    expect((await exchange(new URL('/../../etc/passwd', server.url).href)).status).toBe(404);
    const head = await exchange(server.url, { method: 'HEAD' });
    expect({ status: head.status, body: head.body }).toEqual({ status: 200, body: '' });
  });

  test('closes within its deadline while a browser keeps a connection open', async () => {
    const assets = { app: join(dir, 'demo.js'), styles: join(dir, 'demo.css'), sinks: join(dir, 'sinks.js') };
    const other = await startDemoServer({ script: SCRIPT, assets, port: 0 });
    const held = request(other.url, { agent: false, headers: { connection: 'keep-alive' } });
    held.on('error', () => undefined);
    held.end();
    await new Promise((resolve) => held.once('response', resolve));
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(2_500);
  });
});

describe('the CSP image sources', () => {
  test('are the hosts of policies that name hosts, under their web schemes and ports; none under any host', () => {
    expect(imageSources([defineEgressPolicy()])).toEqual([]);
    expect(demoCsp([defineEgressPolicy()])).toContain("img-src 'none';");
    const named = defineEgressPolicy({
      hosts: ['*.example.org', 'a.example'],
      schemes: ['https', 'http', 'wss'],
    });
    const ported = defineEgressPolicy({ hosts: ['b.example'], ports: [8443] });
    expect(imageSources([named, ported, named])).toEqual([
      'http://*.example.org',
      'http://a.example',
      'https://*.example.org',
      'https://a.example',
      'https://b.example:8443',
    ]);
  });
});

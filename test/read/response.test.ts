// readBody on fetch Responses: from a real local HTTP server (already inflated by fetch) and constructed ones.
import type { ServerResponse } from 'node:http';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBody } from '../../src/read/read-body.js';
import { compressedZeros } from './support/bomb.js';
import { startServer, type LocalServer } from './support/server.js';
import { readLimits } from './support/fixtures.js';

const JSON_TEXT = JSON.stringify({
  tickets: Array.from({ length: 100 }, (_, i) => ({ id: i, title: 'Ünïcode ✓' })),
});
const JSON_BYTES = Buffer.byteLength(JSON_TEXT);
const ENCODED: Readonly<Record<string, Uint8Array<ArrayBuffer>>> = {
  gzip: Uint8Array.from(gzipSync(JSON_TEXT)),
  deflate: Uint8Array.from(deflateSync(JSON_TEXT)),
  br: Uint8Array.from(brotliCompressSync(JSON_TEXT)),
};

let server: LocalServer;
let bomb: Uint8Array<ArrayBuffer>;
/** Responses the server ended early because the client went away, by path. */
const cutShort = new Set<string>();

function watch(path: string, response: ServerResponse): void {
  response.on('close', () => {
    if (!response.writableFinished) cutShort.add(path);
  });
}

beforeAll(async () => {
  bomb = await compressedZeros('gzip', 32 * 1024 * 1024);
  server = await startServer((request, response) => {
    const path = request.url ?? '/';
    watch(path, response);
    const json = { 'content-type': 'application/json' };
    const [, route = '', arg = ''] = path.split('/');
    switch (route) {
      case 'json':
        response.writeHead(200, json).end(JSON_TEXT);
        return;
      case 'encoded':
        response.writeHead(200, { ...json, 'content-encoding': arg }).end(ENCODED[arg]);
        return;
      case 'double-gzip':
        response.writeHead(200, { ...json, 'content-encoding': 'gzip' }).end(gzipSync(gzipSync(JSON_TEXT)));
        return;
      case 'bomb':
        response.writeHead(200, { ...json, 'content-encoding': 'gzip' }).end(bomb);
        return;
      case 'status':
        response.writeHead(Number(arg), json).end('{"error":"busy"}');
        return;
      case 'type':
        response.writeHead(200, { 'content-type': decodeURIComponent(arg) }).end('<html></html>');
        return;
      case 'endless': {
        response.writeHead(200, json);
        const pump = (): void => {
          while (response.write(Buffer.alloc(16 * 1024, 0x20)));
          response.once('drain', pump);
        };
        pump();
        return;
      }
      case 'stall':
        response.writeHead(200, json);
        response.write('{"partial":');
        return;
      default:
        response.writeHead(404).end();
    }
  });
});

afterAll(async () => {
  await server.close();
});

/** Waits (briefly) until the server has seen the client drop `path`. */
async function expectCutShort(path: string): Promise<void> {
  await expect.poll(() => cutShort.has(path), { timeout: 2_000 }).toBe(true);
}

describe('readBody on a fetched Response', () => {
  it('reads a JSON body', async () => {
    const response = await fetch(`${server.url}/json`);
    expect(await readBody(response, readLimits())).toMatchObject({
      ok: true,
      text: JSON_TEXT,
      rawBytes: JSON_BYTES,
      decodedBytes: JSON_BYTES,
    });
  });

  it.each(['gzip', 'deflate', 'br'])('reads a %s body that fetch has already inflated', async (coding) => {
    const response = await fetch(`${server.url}/encoded/${coding}`);
    expect(response.headers.get('content-encoding')).toBe(coding);
    expect(await readBody(response, readLimits())).toMatchObject({
      ok: true,
      text: JSON_TEXT,
      rawBytes: JSON_BYTES,
      decodedBytes: JSON_BYTES,
    });
  });

  it('never inflates a fetched body a second time', async () => {
    // gzip inside gzip under one "gzip" header: fetch undoes one layer, and the rest must stay as it is.
    const response = await fetch(`${server.url}/double-gzip`);
    expect(await readBody(response, readLimits())).toMatchObject({
      ok: false,
      error: { code: 'read.invalid_utf8' },
    });
  });

  it('holds an inflated body to the decoded ceiling, exactly at and one over', async () => {
    const at = await readBody(
      await fetch(`${server.url}/encoded/gzip`),
      readLimits({ maxDecodedBytes: JSON_BYTES }),
    );
    expect(at).toMatchObject({ ok: true, decodedBytes: JSON_BYTES });
    const over = await readBody(
      await fetch(`${server.url}/encoded/gzip`),
      readLimits({ maxDecodedBytes: JSON_BYTES - 1 }),
    );
    expect(over).toMatchObject({
      ok: false,
      error: { code: 'read.decompressed_too_large', limit: JSON_BYTES - 1, actual: JSON_BYTES },
      rawBytes: JSON_BYTES - 1,
    });
  });

  it('stops a fetched gzip bomb at the decoded ceiling', async () => {
    const result = await readBody(await fetch(`${server.url}/bomb`), readLimits());
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'read.decompressed_too_large', limit: 4 * 1024 * 1024 },
      rawBytes: 4 * 1024 * 1024,
    });
  });

  it('stops an endless body at the raw ceiling and drops the connection', async () => {
    const result = await readBody(
      await fetch(`${server.url}/endless`),
      readLimits({ maxRawBytes: 1024 * 1024 }),
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'read.too_large', limit: 1024 * 1024 } });
    await expectCutShort('/endless');
  });

  it('times out a body that stalls and drops the connection', async () => {
    const result = await readBody(await fetch(`${server.url}/stall`), readLimits({ timeoutMs: 100 }));
    expect(result).toMatchObject({ ok: false, error: { code: 'read.timeout', limit: 100, retryable: true } });
    expect(new TextDecoder().decode(result.raw)).toBe('{"partial":');
    await expectCutShort('/stall');
  });

  it.each([
    [503, true],
    [404, false],
  ])('refuses status %i, keeping the body as evidence', async (status, retryable) => {
    const result = await readBody(await fetch(`${server.url}/status/${status}`), readLimits());
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'read.status', status, retryable },
      rawBytes: 16,
    });
  });

  it.each([
    ['text/html', 'read.content_type'],
    ['application/json; charset=iso-8859-1', 'read.charset'],
  ])('refuses content type %j', async (type, code) => {
    const result = await readBody(
      await fetch(`${server.url}/type/${encodeURIComponent(type)}`),
      readLimits(),
    );
    expect(result).toMatchObject({ ok: false, error: { code, status: 200 }, rawBytes: 13 });
  });

  it('refuses a Response whose body was already read', async () => {
    const response = await fetch(`${server.url}/json`);
    await response.arrayBuffer();
    expect(await readBody(response, readLimits())).toMatchObject({
      ok: false,
      error: { code: 'read.unsupported_input' },
    });
  });
});

describe('readBody on a constructed Response', () => {
  it.each(['gzip', 'deflate', 'br'])(
    'inflates a %s body itself, keeping the compressed bytes',
    async (coding) => {
      const encoded = ENCODED[coding] ?? new Uint8Array(0);
      const response = new Response(encoded, {
        headers: { 'content-type': 'application/json', 'content-encoding': coding },
      });
      const result = await readBody(response, readLimits());
      expect(result).toMatchObject({
        ok: true,
        text: JSON_TEXT,
        rawBytes: encoded.length,
        decodedBytes: JSON_BYTES,
      });
      expect(Buffer.compare(result.raw, encoded)).toBe(0);
    },
  );

  it('stops a constructed gzip bomb at the decoded ceiling', async () => {
    const response = new Response(bomb, { headers: { 'content-encoding': 'gzip' } });
    expect(await readBody(response, readLimits())).toMatchObject({
      ok: false,
      error: { code: 'read.decompressed_too_large', limit: 4 * 1024 * 1024 },
    });
  });

  it('reads a Response with no body as empty text', async () => {
    expect(await readBody(new Response(null, { status: 204 }), readLimits())).toMatchObject({
      ok: true,
      text: '',
      rawBytes: 0,
    });
  });

  it('takes the status from the Response', async () => {
    expect(await readBody(new Response('{}', { status: 429 }), readLimits())).toMatchObject({
      ok: false,
      error: { code: 'read.status', status: 429, retryable: true },
      rawBytes: 2,
    });
  });
});

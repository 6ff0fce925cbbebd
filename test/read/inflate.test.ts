// readBody on compressed bodies: gzip, deflate and br decoded by streaming, bombs stopped, corrupt data refused.
import { Readable } from 'node:stream';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { readBody } from '../../src/read/read-body.js';
import { compressedZeros, type BombCoding } from './support/bomb.js';
import { readLimits } from './support/fixtures.js';

const CODINGS: readonly BombCoding[] = ['gzip', 'deflate', 'br'];
const compress = (coding: BombCoding, text: string): Uint8Array => {
  const input = Buffer.from(text);
  return new Uint8Array(
    coding === 'gzip'
      ? gzipSync(input)
      : coding === 'deflate'
        ? deflateSync(input)
        : brotliCompressSync(input),
  );
};
const JSON_TEXT = JSON.stringify({
  items: Array.from({ length: 200 }, (_, i) => ({ id: `t-${i}`, title: 'Zoë ✓' })),
});
const JSON_BYTES = Buffer.byteLength(JSON_TEXT);
/** One zlib output chunk: the most a ceiling can be overshot by before decompression stops. */
const OUTPUT_CHUNK = 16 * 1024;

/** Hands `bytes` out as a Readable in pieces of `size` bytes. */
function inPieces(bytes: Uint8Array, size: number): Readable {
  const pieces: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) pieces.push(Buffer.from(bytes.subarray(i, i + size)));
  return Readable.from(pieces);
}

describe.each(CODINGS)('readBody on a %s body', (coding) => {
  const body = compress(coding, JSON_TEXT);
  let bomb: Uint8Array;
  beforeAll(async () => {
    bomb = await compressedZeros(coding, 32 * 1024 * 1024);
  });

  it('decodes it, reporting both sizes and keeping the compressed bytes as evidence', async () => {
    expect(await readBody({ body, contentEncoding: coding }, readLimits())).toEqual({
      ok: true,
      text: JSON_TEXT,
      raw: body,
      rawBytes: body.length,
      decodedBytes: JSON_BYTES,
    });
  });

  it('decodes it when it arrives a few bytes at a time', async () => {
    expect(await readBody({ body: inPieces(body, 7), contentEncoding: coding }, readLimits())).toMatchObject({
      ok: true,
      text: JSON_TEXT,
    });
  });

  it('accepts output exactly at the decoded ceiling and refuses one byte more', async () => {
    const at = await readBody({ body, contentEncoding: coding }, readLimits({ maxDecodedBytes: JSON_BYTES }));
    expect(at).toMatchObject({ ok: true, decodedBytes: JSON_BYTES });
    const over = await readBody(
      { body, contentEncoding: coding },
      readLimits({ maxDecodedBytes: JSON_BYTES - 1 }),
    );
    expect(over).toMatchObject({
      ok: false,
      error: {
        code: 'read.decompressed_too_large',
        limit: JSON_BYTES - 1,
        actual: JSON_BYTES,
        retryable: false,
      },
      raw: body,
    });
  });

  it('stops a 1000:1 bomb one output chunk past the ceiling', async () => {
    expect(bomb.length).toBeLessThan((32 * 1024 * 1024) / 1000);
    const result = await readBody({ body: bomb, contentEncoding: coding }, readLimits());
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'read.decompressed_too_large', limit: 4 * 1024 * 1024 },
    });
    if (result.ok) return;
    expect(result.error.actual).toBeLessThanOrEqual(4 * 1024 * 1024 + OUTPUT_CHUNK);
  });

  it('refuses a truncated body', async () => {
    const truncated = body.subarray(0, body.length - 4);
    expect(await readBody({ body: truncated, contentEncoding: coding }, readLimits())).toMatchObject({
      ok: false,
      error: { code: 'read.decompress_failed', retryable: false },
      raw: truncated,
    });
  });

  it('refuses an empty body', async () => {
    expect(await readBody({ body: new Uint8Array(0), contentEncoding: coding }, readLimits())).toMatchObject({
      ok: false,
      error: { code: 'read.decompress_failed' },
    });
  });

  it('refuses bytes after the end of the compressed stream, in the same chunk or the next', async () => {
    const trailing = Buffer.concat([body, Buffer.from('{"admin":true}')]);
    const result = await readBody({ body: inPieces(trailing, 10), contentEncoding: coding }, readLimits());
    // gzip reads trailing bytes as a broken second member; deflate and br report where the extra bytes begin.
    const offset = coding === 'gzip' ? {} : { offset: body.length };
    expect(result).toMatchObject({ ok: false, error: { code: 'read.decompress_failed', ...offset } });
    expect(result.rawBytes).toBeLessThan(trailing.length);
    const nextChunk = Readable.from([Buffer.from(body), Buffer.from('{"admin":true}')]);
    expect(await readBody({ body: nextChunk, contentEncoding: coding }, readLimits())).toMatchObject({
      ok: false,
      error: { code: 'read.decompress_failed', ...offset },
    });
  });

  it('refuses corrupt data', async () => {
    const corrupt = Uint8Array.from(body);
    for (let i = 2; i < corrupt.length; i += 3) corrupt[i] = (corrupt[i] ?? 0) ^ 0x5a;
    expect(await readBody({ body: corrupt, contentEncoding: coding }, readLimits())).toMatchObject({
      ok: false,
      error: { code: 'read.decompress_failed' },
    });
  });

  it('refuses a body that inflates to ill-formed UTF-8', async () => {
    const latin1 = new Uint8Array(
      coding === 'br'
        ? brotliCompressSync(Buffer.from([0x7b, 0xe9, 0x7d]))
        : coding === 'gzip'
          ? gzipSync(Buffer.from([0x7b, 0xe9, 0x7d]))
          : deflateSync(Buffer.from([0x7b, 0xe9, 0x7d])),
    );
    expect(await readBody({ body: latin1, contentEncoding: coding }, readLimits())).toMatchObject({
      ok: false,
      error: { code: 'read.invalid_utf8', offset: 1 },
    });
  });

  it('times out when the compressed stream stalls half way', async () => {
    const stalled = new Readable({ read() {} });
    stalled.push(Buffer.from(body.subarray(0, body.length >> 1)));
    expect(
      await readBody({ body: stalled, contentEncoding: coding }, readLimits({ timeoutMs: 50 })),
    ).toMatchObject({
      ok: false,
      error: { code: 'read.timeout', retryable: true },
    });
    expect(stalled.destroyed).toBe(true);
  });
});

describe('readBody content codings', () => {
  it('reads x-gzip as gzip and decodes a multi-member gzip body', async () => {
    const twoMembers = Buffer.concat([gzipSync('[1,'), gzipSync('2]')]);
    expect(await readBody({ body: twoMembers, contentEncoding: 'x-gzip' }, readLimits())).toMatchObject({
      ok: true,
      text: '[1,2]',
    });
  });

  it('refuses a raw deflate stream sent as deflate (RFC 9110 names the zlib format)', async () => {
    expect(
      await readBody({ body: deflateRawSync('{}'), contentEncoding: 'deflate' }, readLimits()),
    ).toMatchObject({
      ok: false,
      error: { code: 'read.decompress_failed' },
    });
  });

  it('refuses stacked and unknown codings before reading', async () => {
    for (const contentEncoding of ['gzip, gzip', 'gzip, br', 'compress', 'zstd']) {
      expect(await readBody({ body: gzipSync('{}'), contentEncoding }, readLimits())).toMatchObject({
        ok: false,
        error: { code: 'read.content_encoding', retryable: false },
      });
    }
  });

  it('refuses a coding the limits leave out', async () => {
    expect(
      await readBody(
        { body: gzipSync('{}'), contentEncoding: 'gzip' },
        readLimits({ contentEncodings: ['identity'] }),
      ),
    ).toMatchObject({ ok: false, error: { code: 'read.content_encoding' } });
  });
});

// readBody on byte arrays and strings: ceilings exactly at and one over, strict UTF-8, the BOM policy, config errors.
import { describe, expect, it } from 'vitest';
import type { ReadLimits } from '../../src/vocabulary/limits.js';
import { readBody } from '../../src/read/read-body.js';
import { readLimits, utf8 } from './support/fixtures.js';

describe('readBody on byte arrays', () => {
  it('decodes a body and keeps a private copy of it as evidence', async () => {
    const input = utf8('{"ok":true}');
    const result = await readBody(input, readLimits());
    expect(result).toEqual({ ok: true, text: '{"ok":true}', raw: input, rawBytes: 11, decodedBytes: 11 });
    input[0] = 0x20;
    expect(result.raw[0]).toBe(0x7b);
  });

  it('reads an empty body as empty text', async () => {
    expect(await readBody(new Uint8Array(0), readLimits())).toMatchObject({
      ok: true,
      text: '',
      rawBytes: 0,
    });
  });

  it('accepts a body exactly at the raw ceiling and refuses one byte more, keeping the ceiling as evidence', async () => {
    const body = utf8('x'.repeat(200_001));
    const at = await readBody(body.subarray(0, 200_000), readLimits({ maxRawBytes: 200_000 }));
    expect(at).toMatchObject({ ok: true, rawBytes: 200_000 });
    const over = await readBody(body, readLimits({ maxRawBytes: 200_000 }));
    expect(over.ok).toBe(false);
    if (over.ok) return;
    expect(over.error).toMatchObject({ code: 'read.too_large', limit: 200_000, retryable: false });
    expect(over.error.actual).toBeGreaterThan(200_000);
    expect(over.rawBytes).toBe(200_000);
    expect(Buffer.compare(over.raw, body.subarray(0, 200_000))).toBe(0);
  });

  it('holds an uncompressed body to the decoded ceiling too', async () => {
    const tenBytes = readLimits({ maxDecodedBytes: 10 });
    expect(await readBody(utf8('0123456789'), tenBytes)).toMatchObject({ ok: true, decodedBytes: 10 });
    expect(await readBody(utf8('0123456789a'), tenBytes)).toMatchObject({
      ok: false,
      error: { code: 'read.decompressed_too_large', limit: 10, actual: 11 },
      rawBytes: 11,
    });
  });

  it.each([
    ['a lone continuation byte', [0x7b, 0x80, 0x7d], 1],
    ['an overlong slash', [0x20, 0x20, 0xc0, 0xaf], 2],
    ['an encoded surrogate', [0x22, 0xed, 0xa0, 0x80, 0x22], 1],
    ['a truncated sequence at the end', [0x22, 0xe2, 0x82], 1],
    ['a code point above U+10FFFF', [0xf4, 0x90, 0x80, 0x80], 0],
    ['a byte that never occurs', [0x41, 0xff], 1],
  ])('refuses %s with its byte offset', async (_title, bytes, offset) => {
    expect(await readBody(new Uint8Array(bytes), readLimits())).toMatchObject({
      ok: false,
      error: { code: 'read.invalid_utf8', offset, retryable: false },
      raw: new Uint8Array(bytes),
    });
  });

  it('applies the BOM policy', async () => {
    const body = new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d]);
    expect(await readBody(body, readLimits({ bom: 'reject' }))).toMatchObject({
      ok: false,
      error: { code: 'read.bom', offset: 0 },
      rawBytes: 5,
    });
    expect(await readBody(body, readLimits({ bom: 'strip' }))).toMatchObject({
      ok: true,
      text: '{}',
      decodedBytes: 5,
    });
  });

  it('stops before reading when the caller aborted already', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await readBody(utf8('{}'), readLimits(), controller.signal)).toMatchObject({
      ok: false,
      error: { code: 'read.aborted', retryable: false },
      rawBytes: 0,
    });
  });
});

describe('readBody on strings', () => {
  it('reads a well-formed string, counting its UTF-8 length', async () => {
    expect(await readBody('{"a":"é😀"}', readLimits())).toEqual({
      ok: true,
      text: '{"a":"é😀"}',
      raw: utf8('{"a":"é😀"}'),
      rawBytes: 14,
      decodedBytes: 14,
    });
  });

  it('holds a string to the raw ceiling by its UTF-8 length, cutting the evidence at a character', async () => {
    const text = 'é'.repeat(50);
    expect(await readBody(text, readLimits({ maxRawBytes: 100 }))).toMatchObject({ ok: true, rawBytes: 100 });
    const over = await readBody(text, readLimits({ maxRawBytes: 99 }));
    expect(over).toMatchObject({
      ok: false,
      error: { code: 'read.too_large', limit: 99, actual: 100 },
      rawBytes: 98,
    });
    expect(over.raw).toEqual(utf8('é'.repeat(49)));
  });

  it('holds a string to the decoded ceiling', async () => {
    expect(await readBody('€€', readLimits({ maxDecodedBytes: 6 }))).toMatchObject({
      ok: true,
      decodedBytes: 6,
    });
    expect(await readBody('€€', readLimits({ maxDecodedBytes: 5 }))).toMatchObject({
      ok: false,
      error: { code: 'read.decompressed_too_large', limit: 5, actual: 6 },
    });
  });

  it.each([
    ['a high surrogate alone', 'ab\uD800c', 2],
    ['a high surrogate at the end', '€\uDBFF', 3],
    ['a low surrogate alone', '€\uDC00x', 3],
    ['two high surrogates', '\uD83D\uD83D\uDE00', 0],
    ['a reversed pair', 'x\uDE00\uD83D', 1],
  ])('refuses %s at its UTF-8 offset', async (_title, text, offset) => {
    expect(await readBody(text, readLimits())).toMatchObject({
      ok: false,
      error: { code: 'read.invalid_utf8', offset },
    });
  });

  it('applies the BOM policy to a leading U+FEFF', async () => {
    expect(await readBody('\uFEFF{}', readLimits())).toMatchObject({
      ok: false,
      error: { code: 'read.bom', offset: 0 },
    });
    expect(await readBody('\uFEFF{}', readLimits({ bom: 'strip' }))).toMatchObject({ ok: true, text: '{}' });
    expect(await readBody('{}\uFEFF', readLimits())).toMatchObject({ ok: true, text: '{}\uFEFF' });
  });

  it('refuses a content coding on a string, which has no compressed form', async () => {
    expect(await readBody({ body: '{}', contentEncoding: 'gzip' }, readLimits())).toMatchObject({
      ok: false,
      error: { code: 'read.content_encoding' },
      raw: utf8('{}'),
    });
  });

  it('keeps the transport failure code and the evidence for a string body', async () => {
    expect(await readBody({ body: '{"ok":true}', status: 429 }, readLimits())).toEqual({
      ok: false,
      error: { code: 'read.status', status: 429, retryable: true },
      raw: utf8('{"ok":true}'),
      rawBytes: 11,
    });
    expect(await readBody({ body: 'boom', toolError: true }, readLimits())).toMatchObject({
      ok: false,
      error: { code: 'read.tool_error', retryable: false },
      rawBytes: 4,
    });
  });
});

describe('readBody configuration', () => {
  it.each([
    ['a negative raw ceiling', { maxRawBytes: -1 }],
    ['a fractional decoded ceiling', { maxDecodedBytes: 1.5 }],
    ['a zero timeout', { timeoutMs: 0 }],
    ['a timeout setTimeout cannot hold', { timeoutMs: 2 ** 31 }],
    ['an upper-case media type', { contentTypes: ['Application/JSON'] }],
    ['a media type with parameters', { contentTypes: ['application/json; charset=utf-8'] }],
    ['an unknown encoding', { contentEncodings: ['zstd'] }],
    ['a BOM policy that does not exist', { bom: 'ignore' }],
    ['a flag that is not boolean', { structuredSuffix: 'yes' }],
  ])('throws a TypeError for %s', async (_title, bad) => {
    await expect(readBody('{}', readLimits(bad as unknown as Partial<ReadLimits>))).rejects.toThrow(
      TypeError,
    );
  });

  it('never throws on content: any value ends as a result', async () => {
    for (const input of [null, undefined, 0, {}, [], Symbol('x'), () => 1, new Date(), new Map()]) {
      await expect(readBody(input as never, readLimits())).resolves.toMatchObject({
        ok: false,
        error: { code: 'read.unsupported_input' },
        rawBytes: 0,
      });
    }
  });
});

// readBody on Node Readables and web ReadableStreams: endless, stalled, aborted, failing and malformed streams.
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { readBody } from '../../src/read/read-body.js';
import { endlessReadable, endlessWebStream, ENDLESS_CHUNK, readLimits, utf8 } from './support/fixtures.js';

/** A web stream that sends `first` and then never sends again nor ends. */
function stalledWebStream(first: Uint8Array): {
  stream: ReadableStream<Uint8Array>;
  cancelled: () => boolean;
} {
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(first);
    },
    pull: () => new Promise<void>(() => undefined),
    cancel() {
      cancelled = true;
    },
  });
  return { stream, cancelled: () => cancelled };
}

describe('readBody on streams', () => {
  it('joins chunks, even when a character is split between them', async () => {
    const bytes = utf8('{"name":"Zoë 😀"}');
    const pieces = [bytes.subarray(0, 11), bytes.subarray(11, 16), bytes.subarray(16)];
    const expected = {
      ok: true,
      text: '{"name":"Zoë 😀"}',
      rawBytes: bytes.length,
      decodedBytes: bytes.length,
    };
    expect(await readBody(Readable.from(pieces.map((p) => Buffer.from(p))), readLimits())).toMatchObject(
      expected,
    );
    const web = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(piece);
        controller.close();
      },
    });
    expect(await readBody(web, readLimits())).toMatchObject(expected);
  });

  it('reads a stream that ends at once as an empty body', async () => {
    expect(await readBody(Readable.from([]), readLimits())).toMatchObject({
      ok: true,
      text: '',
      rawBytes: 0,
    });
  });

  it('accepts a stream exactly at the raw ceiling and refuses one byte more', async () => {
    const at = Readable.from([Buffer.alloc(60, 0x20), Buffer.alloc(40, 0x20)]);
    expect(await readBody(at, readLimits({ maxRawBytes: 100 }))).toMatchObject({ ok: true, rawBytes: 100 });
    const over = Readable.from([Buffer.alloc(60, 0x20), Buffer.alloc(41, 0x20)]);
    expect(await readBody(over, readLimits({ maxRawBytes: 100 }))).toMatchObject({
      ok: false,
      error: { code: 'read.too_large', limit: 100, actual: 101 },
      rawBytes: 100,
    });
  });

  it('stops an endless Readable at the raw ceiling and destroys it', async () => {
    let pushes = 0;
    const stream = endlessReadable(() => {
      pushes++;
    });
    const result = await readBody(stream, readLimits({ maxRawBytes: 1024 * 1024 }));
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'read.too_large', limit: 1024 * 1024 },
      rawBytes: 1024 * 1024,
    });
    expect(stream.destroyed).toBe(true);
    const pushedThen = pushes;
    await sleep(20);
    expect(pushes).toBe(pushedThen);
  });

  it('stops an endless web stream at the raw ceiling and cancels it', async () => {
    let pulls = 0;
    const { stream, cancelled } = endlessWebStream(ENDLESS_CHUNK, () => {
      pulls++;
    });
    const result = await readBody(stream, readLimits({ maxRawBytes: 1024 * 1024 }));
    expect(result).toMatchObject({ ok: false, error: { code: 'read.too_large' }, rawBytes: 1024 * 1024 });
    expect(cancelled()).toBe(true);
    expect(pulls).toBeLessThanOrEqual((1024 * 1024) / ENDLESS_CHUNK + 2);
  });

  it('times out a Readable that never sends, destroys it, and says the read may be retried', async () => {
    const stream = new Readable({ read() {} });
    expect(await readBody(stream, readLimits({ timeoutMs: 50 }))).toEqual({
      ok: false,
      error: { code: 'read.timeout', limit: 50, retryable: true },
      raw: new Uint8Array(0),
      rawBytes: 0,
    });
    expect(stream.destroyed).toBe(true);
  });

  it('times out a web stream that stalls after one chunk, keeping that chunk as evidence', async () => {
    const { stream, cancelled } = stalledWebStream(utf8('{"partial":'));
    expect(await readBody(stream, readLimits({ timeoutMs: 50 }))).toMatchObject({
      ok: false,
      error: { code: 'read.timeout' },
      raw: utf8('{"partial":'),
    });
    expect(cancelled()).toBe(true);
  });

  it('times out a stream that resolves empty chunks for ever without yielding to the event loop', async () => {
    const { stream, cancelled } = endlessWebStream(0);
    expect(await readBody(stream, readLimits({ timeoutMs: 50 }))).toMatchObject({
      ok: false,
      error: { code: 'read.timeout' },
      rawBytes: 0,
    });
    expect(cancelled()).toBe(true);
  });

  it('stops when the caller aborts, and says so apart from a timeout', async () => {
    const controller = new AbortController();
    const stream = new Readable({ read() {} });
    setTimeout(() => {
      controller.abort();
    }, 20);
    expect(await readBody(stream, readLimits({ timeoutMs: 5_000 }), controller.signal)).toMatchObject({
      ok: false,
      error: { code: 'read.aborted', retryable: false },
    });
    expect(stream.destroyed).toBe(true);
  });

  it('reports a Readable that fails mid-way as a retryable stream error, keeping what came before', async () => {
    const stream = new Readable({ read() {} });
    stream.push(Buffer.from('{"a":'));
    setTimeout(() => stream.destroy(new Error('connection reset')), 5);
    expect(await readBody(stream, readLimits())).toEqual({
      ok: false,
      error: { code: 'read.stream_error', offset: 5, retryable: true },
      raw: utf8('{"a":'),
      rawBytes: 5,
    });
  });

  it('reports a web stream that fails mid-way as a stream error', async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(utf8('[1,'));
        setTimeout(() => {
          controller.error(new Error('reset'));
        }, 5);
      },
    });
    expect(await readBody(stream, readLimits())).toMatchObject({
      ok: false,
      error: { code: 'read.stream_error', offset: 3, retryable: true },
      rawBytes: 3,
    });
  });

  it('reports a Readable that had already failed as a stream error', async () => {
    const stream = new Readable({ read() {} });
    stream.on('error', () => undefined);
    stream.destroy(new Error('gone'));
    expect(await readBody(stream, readLimits())).toMatchObject({
      ok: false,
      error: { code: 'read.stream_error' },
    });
  });

  it('refuses chunks that are not bytes', async () => {
    const objects = Readable.from(['{"a":1}']);
    expect(await readBody(objects, readLimits())).toMatchObject({
      ok: false,
      error: { code: 'read.unsupported_input' },
    });
    const decoded = Readable.from([Buffer.from('{}')], { objectMode: false });
    decoded.setEncoding('utf8');
    expect(await readBody(decoded, readLimits())).toMatchObject({
      ok: false,
      error: { code: 'read.unsupported_input' },
    });
    const web = new ReadableStream({
      start(controller) {
        controller.enqueue('text');
        controller.close();
      },
    });
    expect(await readBody(web, readLimits())).toMatchObject({
      ok: false,
      error: { code: 'read.unsupported_input' },
    });
  });

  it('keeps a transport failure code even when collecting the evidence times out', async () => {
    const { stream, cancelled } = stalledWebStream(utf8('<html>'));
    expect(await readBody({ body: stream, status: 502 }, readLimits({ timeoutMs: 50 }))).toEqual({
      ok: false,
      error: { code: 'read.status', status: 502, retryable: true },
      raw: utf8('<html>'),
      rawBytes: 6,
    });
    expect(cancelled()).toBe(true);
  });

  it('collects the evidence of a refused endless body only up to the raw ceiling', async () => {
    const stream = endlessReadable();
    const result = await readBody({ body: stream, toolError: true }, readLimits({ maxRawBytes: 100_000 }));
    expect(result).toMatchObject({ ok: false, error: { code: 'read.tool_error' }, rawBytes: 100_000 });
    expect(stream.destroyed).toBe(true);
  });

  it('reads the body of a refused content type as evidence', async () => {
    const body = Readable.from([Buffer.from('<html>')]);
    expect(await readBody({ body, contentType: 'text/html' }, readLimits())).toMatchObject({
      ok: false,
      error: { code: 'read.content_type' },
      raw: utf8('<html>'),
    });
  });
});

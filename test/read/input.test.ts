// Input discrimination: each kind is recognised, look-alikes are not, and nothing throws.
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { classifyInput } from '../../src/read/input.js';

const kindOf = (input: unknown): string => {
  const classified = classifyInput(input);
  return classified.ok ? classified.body.kind : 'unsupported';
};

describe('classifyInput', () => {
  it('recognises every body kind', () => {
    expect(kindOf(new Uint8Array(2))).toBe('bytes');
    expect(kindOf(Buffer.from('x'))).toBe('bytes');
    expect(kindOf('text')).toBe('text');
    expect(kindOf(Readable.from([]))).toBe('node');
    expect(kindOf(new PassThrough())).toBe('node');
    expect(kindOf(new ReadableStream())).toBe('web');
  });

  it('never takes a byte array or a stream for an envelope, even with a body property', () => {
    const bytes = Object.assign(new Uint8Array(1), { body: 'x', toolError: true });
    const classified = classifyInput(bytes);
    expect(classified.ok && classified.body.kind === 'bytes' && classified.facts.toolError).toBe(false);
  });

  it('reads the facts of an envelope', () => {
    const classified = classifyInput({
      body: 'x',
      status: 503,
      contentType: 'application/json',
      contentEncoding: 'gzip',
      toolError: true,
    });
    expect(classified).toEqual({
      ok: true,
      body: { kind: 'text', text: 'x' },
      facts: {
        status: 503,
        contentType: 'application/json',
        contentEncoding: 'gzip',
        toolError: true,
        decodedByTransport: false,
      },
    });
  });

  it.each([
    ['a body that is not a body', { body: 42 }],
    ['a body that is an envelope', { body: { body: 'x' } }],
    ['a fractional status', { body: 'x', status: 200.5 }],
    ['a status out of range', { body: 'x', status: 99 }],
    ['a status as text', { body: 'x', status: '200' }],
    ['a content type that is not text', { body: 'x', contentType: ['application/json'] }],
    ['a content encoding that is not text', { body: 'x', contentEncoding: 1 }],
    ['a tool error flag that is not boolean', { body: 'x', toolError: 'yes' }],
  ])('refuses an envelope with %s', (_title, envelope) => {
    expect(kindOf(envelope)).toBe('unsupported');
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['a number', 7],
    ['a boolean', true],
    ['a plain object', { text: 'x' }],
    ['an ArrayBuffer', new ArrayBuffer(4)],
    ['a Uint16Array', new Uint16Array(2)],
    ['a DataView', new DataView(new ArrayBuffer(2))],
    ['an array of bytes', [1, 2, 3]],
    ['a Blob', new Blob(['x'])],
    ['a locked web stream', ((s: ReadableStream) => (s.getReader(), s))(new ReadableStream())],
  ])('refuses %s', (_title, input) => {
    expect(kindOf(input)).toBe('unsupported');
  });

  it('catches getters that throw', () => {
    const hostile = {
      get body(): never {
        throw new Error('boom');
      },
    };
    expect(classifyInput(hostile)).toEqual({ ok: false });
  });

  it('tells a constructed Response from a fetched one', () => {
    const built = classifyInput(
      new Response('x', {
        status: 201,
        headers: { 'content-type': 'application/json', 'content-encoding': 'br' },
      }),
    );
    expect(built).toMatchObject({
      ok: true,
      body: { kind: 'web' },
      facts: {
        status: 201,
        contentType: 'application/json',
        contentEncoding: 'br',
        decodedByTransport: false,
      },
    });
    const fetchedLike = new Response('x');
    Object.defineProperty(fetchedLike, 'url', { value: 'http://127.0.0.1/' });
    expect(classifyInput(fetchedLike)).toMatchObject({ facts: { decodedByTransport: true } });
  });

  it('treats a Response without a body as empty bytes, and a used one as unsupported', async () => {
    expect(classifyInput(new Response(null, { status: 204 }))).toMatchObject({
      ok: true,
      body: { kind: 'bytes', bytes: new Uint8Array(0) },
      facts: { status: 204 },
    });
    const used = new Response('x');
    await used.text();
    expect(kindOf(used)).toBe('unsupported');
  });
});

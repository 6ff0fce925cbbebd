// holdInput and discardInput: a caller's stream is listened to from the moment it is handed over until it is read.
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { discardInput, holdInput } from '../../src/read/hold.js';
import { readHeldInput } from '../../src/read/read-body.js';
import { headOnly, readLimits, utf8 } from './support/fixtures.js';

describe('holdInput', () => {
  it("listens for a Node stream's error while held, and stops listening when released", () => {
    const stream = headOnly();
    const before = stream.listenerCount('error');
    const held = holdInput(stream);
    expect(stream.listenerCount('error')).toBe(before + 1);
    held.release();
    held.release();
    expect(stream.listenerCount('error')).toBe(before);
  });

  it('holds a Node stream inside a transport envelope too', () => {
    const stream = headOnly();
    const held = holdInput({ body: stream, status: 200 });
    expect(stream.listenerCount('error')).toBe(1);
    held.release();
    expect(stream.listenerCount('error')).toBe(0);
  });

  it('a stream that fails while held, before its read, is read as a stream error', async () => {
    for (const fail of [
      (stream: Readable) => stream.destroy(new Error('reset')),
      (stream: Readable) => stream.emit('error', new Error('reset')),
      (stream: Readable) => stream.destroy(),
    ]) {
      const stream = headOnly();
      const held = holdInput(stream);
      fail(stream);
      await nextTurn(); // the error is emitted on a later tick, with nobody but the hold listening
      const result = await readHeldInput(held.input, readLimits(), undefined);
      held.release();
      expect(result).toMatchObject({ ok: false, error: { code: 'read.stream_error', retryable: true } });
      expect(stream.destroyed).toBe(true);
    }
  });

  it('classifies once: bytes, text and web streams hold nothing and read as before', async () => {
    for (const input of [utf8('{}'), '{}', new Response('{}').body!]) {
      const held = holdInput(input);
      expect(await readHeldInput(held.input, readLimits(), undefined)).toMatchObject({
        ok: true,
        text: '{}',
      });
      held.release();
    }
    expect(holdInput(42).input).toEqual({ ok: false });
  });
});

describe('discardInput', () => {
  it('destroys a Node stream and leaves a listener for whatever it still emits', async () => {
    const stream = headOnly();
    discardInput(stream);
    expect(stream.destroyed).toBe(true);
    stream.emit('error', new Error('late')); // would kill the process with nobody listening
    await nextTurn();
  });

  it('cancels a web stream and a Response body', async () => {
    let cancelled = 0;
    const source = () =>
      new ReadableStream<Uint8Array>({
        cancel() {
          cancelled++;
        },
      });
    discardInput(source());
    discardInput(new Response(source()));
    discardInput({ body: source(), status: 200 });
    await nextTurn();
    expect(cancelled).toBe(3);
    expect(() => {
      discardInput(undefined);
    }).not.toThrow();
  });
});

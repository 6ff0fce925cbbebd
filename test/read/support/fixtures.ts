// Small helpers shared by the read-stage tests: limits with overrides, UTF-8 bytes, endless streams.
import { Readable } from 'node:stream';
import { DEFAULT_LIMITS, type ReadLimits } from '../../../src/vocabulary/limits.js';

/** The default read limits with some fields replaced. */
export function readLimits(more: Partial<ReadLimits> = {}): ReadLimits {
  return { ...DEFAULT_LIMITS.read, ...more };
}

/** The UTF-8 bytes of `text`. */
export function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** A Node stream that has sent the head of a JSON body and waits. */
export function headOnly(): Readable {
  const stream = new Readable({ read: () => undefined });
  stream.push('{"id":"a",');
  return stream;
}

/** The size of every chunk an endless stream sends. */
export const ENDLESS_CHUNK = 64 * 1024;

/** A Readable that pushes a fresh chunk of spaces every time it is read, for ever; `onRead` sees each read. */
export function endlessReadable(onRead: () => void = () => undefined): Readable {
  return new Readable({
    read() {
      onRead();
      this.push(Buffer.alloc(ENDLESS_CHUNK, 0x20));
    },
  });
}

/**
 * A web stream whose every pull enqueues a fresh chunk of `chunkBytes` spaces (zero makes it spin on empty
 * chunks), for ever. `onPull` sees each pull; `cancelled` tells whether the reader cancelled it.
 */
export function endlessWebStream(
  chunkBytes = ENDLESS_CHUNK,
  onPull: () => void = () => undefined,
): { stream: ReadableStream<Uint8Array>; cancelled: () => boolean } {
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      onPull();
      controller.enqueue(new Uint8Array(chunkBytes).fill(0x20));
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, cancelled: () => cancelled };
}

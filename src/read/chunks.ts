// Pull-based, cancellable chunk sources over bytes, a Node Readable or a web ReadableStream.
import type { Readable } from 'node:stream';
import type { BodySource } from './input.js';

/** Byte-array bodies are handed out in slices of this size, so decompression and deadlines work per slice. */
const SLICE_BYTES = 64 * 1024;

/** One chunk at a time, pulled on demand: nothing is read ahead beyond what the stream itself buffers. */
export interface ChunkSource {
  /** The next chunk (not necessarily bytes: the caller checks), or done. Rejects when the stream errors. */
  next(): Promise<IteratorResult<unknown>>;
  /** Stops the source: destroys the Readable or cancels the web stream. Idempotent; never throws. */
  cancel(): void;
}

/** Opens a source over a body that is not a string. */
export function openChunkSource(body: Exclude<BodySource, { kind: 'text' }>): ChunkSource {
  switch (body.kind) {
    case 'bytes':
      return sliceSource(body.bytes);
    case 'node':
      return readableSource(body.stream);
    case 'web':
      return webStreamSource(body.stream);
  }
}

function sliceSource(bytes: Uint8Array): ChunkSource {
  let offset = 0;
  return {
    next() {
      if (offset >= bytes.length) return Promise.resolve({ done: true, value: undefined });
      const value = bytes.subarray(offset, offset + SLICE_BYTES);
      offset += value.length;
      return Promise.resolve({ done: false, value });
    },
    cancel() {
      offset = bytes.length;
    },
  };
}

function readableSource(stream: Readable): ChunkSource {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<unknown>;
  return {
    next: () => iterator.next(),
    cancel() {
      stream.destroy();
    },
  };
}

function webStreamSource(stream: ReadableStream<unknown>): ChunkSource {
  const reader = stream.getReader();
  return {
    next: () => reader.read(),
    cancel() {
      reader.cancel().catch(() => undefined);
    },
  };
}

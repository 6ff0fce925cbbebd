// Streaming decompression through node:zlib that counts its output and stops the moment a ceiling is crossed.
import type { Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { ContentEncoding } from '../vocabulary/limits.js';
import { ByteCollector } from './collector.js';

/** Why decompression stopped early. */
export type InflateFailure =
  | { readonly code: 'read.decompressed_too_large'; readonly limit: number; readonly actual: number }
  | { readonly code: 'read.decompress_failed'; readonly offset?: number };

/** A decompressor fed one compressed chunk at a time. */
export interface BoundedInflater {
  /** Feeds a chunk; settles once zlib has consumed it (all its output counted) or the inflater has failed. */
  write(chunk: Uint8Array): Promise<void>;
  /** Ends the input; settles once every output byte is counted or the inflater has failed. */
  end(): Promise<void>;
  /** The failure, once there is one. */
  failure(): InflateFailure | undefined;
  /** The decompressed bytes (valid after `end` settled without a failure). */
  output(): Uint8Array;
  /** Stops zlib at once and releases it. Idempotent. */
  destroy(): void;
}

/** A zlib transform; `bytesWritten` counts the compressed bytes it has consumed. */
type Decompressor = Transform & { readonly bytesWritten: number };

function createDecompressor(coding: Exclude<ContentEncoding, 'identity'>): Decompressor {
  switch (coding) {
    case 'gzip':
      return createGunzip();
    case 'deflate':
      // RFC 9110: "deflate" is the zlib format (RFC 1950). A raw deflate stream is refused, not guessed at.
      return createInflate();
    case 'br':
      return createBrotliDecompress();
  }
}

/**
 * Creates an inflater whose output may not exceed `maxDecodedBytes`. Output is counted chunk by chunk as
 * zlib produces it (16 KiB at a time), and zlib is destroyed the moment the count crosses the ceiling, so
 * a bomb is never inflated beyond the ceiling plus one output chunk. Input left over after the end of the
 * compressed stream (which zlib would silently ignore for deflate and br) is a failure.
 */
export function createBoundedInflater(
  coding: Exclude<ContentEncoding, 'identity'>,
  maxDecodedBytes: number,
): BoundedInflater {
  const zlib = createDecompressor(coding);
  const decoded = new ByteCollector(maxDecodedBytes);
  let consumed = 0;
  let failed: InflateFailure | undefined;
  let waiter: (() => void) | undefined;
  const release = (): void => {
    const wake = waiter;
    waiter = undefined;
    wake?.();
  };
  const fail = (failure: InflateFailure): void => {
    failed ??= failure;
    zlib.destroy();
    release();
  };
  zlib.on('data', (chunk: Buffer) => {
    if (failed !== undefined) return;
    if (!decoded.add(chunk))
      fail({ code: 'read.decompressed_too_large', limit: maxDecodedBytes, actual: decoded.total });
  });
  zlib.on('error', () => {
    fail({ code: 'read.decompress_failed' });
  });
  zlib.on('end', () => {
    if (zlib.bytesWritten !== consumed) fail({ code: 'read.decompress_failed', offset: zlib.bytesWritten });
    release();
  });
  zlib.on('close', release);

  /** Runs `start` and waits until `release` is called, unless the inflater has already failed or closed. */
  const settleAfter = (start: (done: () => void) => void): Promise<void> => {
    if (failed !== undefined || zlib.destroyed) return Promise.resolve();
    return new Promise<void>((resolve) => {
      waiter = resolve;
      start(release);
    });
  };

  return {
    write(chunk) {
      consumed += chunk.length;
      return settleAfter((done) => {
        zlib.write(chunk, done);
      });
    },
    end() {
      return settleAfter(() => zlib.end());
    },
    failure: () => failed,
    output: () => decoded.join(),
    destroy() {
      zlib.destroy();
      release();
    },
  };
}

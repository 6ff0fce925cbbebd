// Builds decompression bombs by streaming zeros through node:zlib, so the inflated size is never held in memory.
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createBrotliCompress, createDeflate, createGzip } from 'node:zlib';

/** A content coding a bomb can be built in. */
export type BombCoding = 'gzip' | 'deflate' | 'br';

const ZERO_CHUNK = new Uint8Array(1024 * 1024);

function compressor(coding: BombCoding): NodeJS.ReadWriteStream {
  switch (coding) {
    case 'gzip':
      return createGzip({ level: 9 });
    case 'deflate':
      return createDeflate({ level: 9 });
    case 'br':
      return createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  }
}

/** `inflatedBytes` zero bytes (a whole number of MiB, rounded up), compressed in `coding` chunk by chunk. */
export async function compressedZeros(
  coding: BombCoding,
  inflatedBytes: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const chunks = Math.ceil(inflatedBytes / ZERO_CHUNK.length);
  const parts: Buffer[] = [];
  await pipeline(
    Readable.from(
      (function* zeros() {
        for (let i = 0; i < chunks; i++) yield ZERO_CHUNK;
      })(),
    ),
    compressor(coding),
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        parts.push(chunk);
        done();
      },
    }),
  );
  return new Uint8Array(Buffer.concat(parts));
}

// Child-process probe: runs one hostile read (endless stream or bomb) and prints its peak memory growth as JSON.
import { DEFAULT_LIMITS, type ReadLimits } from '../../src/vocabulary/limits.js';
import { readBody } from '../../src/read/read-body.js';
import type { RawInput } from '../../src/read/input.js';
import { compressedZeros, type BombCoding } from './support/bomb.js';
import { endlessReadable, endlessWebStream, ENDLESS_CHUNK } from './support/fixtures.js';
import { startServer } from './support/server.js';

const limits: ReadLimits = DEFAULT_LIMITS.read;
const BOMB_BYTES = 200 * 1024 * 1024;

let peakRss = 0;
let peakHeap = 0;
function sample(): void {
  const usage = process.memoryUsage();
  peakRss = Math.max(peakRss, usage.rss);
  peakHeap = Math.max(peakHeap, usage.heapUsed + usage.external);
}

interface ProbeCase {
  /** The ceiling the growth is held to. */
  readonly ceiling: number;
  /** Builds the hostile input; `small` builds a harmless one of the same kind for the warm-up run. */
  input(small: boolean): Promise<RawInput>;
  close?(): Promise<void>;
}

async function bombCase(coding: BombCoding): Promise<ProbeCase> {
  const bomb = await compressedZeros(coding, BOMB_BYTES);
  const warm = await compressedZeros(coding, 1024 * 1024);
  return {
    ceiling: limits.maxDecodedBytes,
    input: (small) => Promise.resolve({ body: small ? warm : bomb, contentEncoding: coding }),
  };
}

async function fetchBombCase(): Promise<ProbeCase> {
  const bomb = await compressedZeros('gzip', BOMB_BYTES);
  const server = await startServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    response.end(request.url === '/small' ? bomb.subarray(0, 1024) : bomb);
  });
  return {
    ceiling: limits.maxDecodedBytes,
    input: (small) => fetch(`${server.url}/${small ? 'small' : 'bomb'}`),
    close: () => server.close(),
  };
}

async function probeCase(name: string): Promise<ProbeCase> {
  switch (name) {
    case 'readable-endless':
      return { ceiling: limits.maxRawBytes, input: () => Promise.resolve(endlessReadable(sample)) };
    case 'web-endless':
      return {
        ceiling: limits.maxRawBytes,
        input: () => Promise.resolve(endlessWebStream(ENDLESS_CHUNK, sample).stream),
      };
    case 'gzip-bomb':
    case 'deflate-bomb':
    case 'br-bomb':
      return bombCase(name.slice(0, name.indexOf('-')) as BombCoding);
    case 'fetch-gzip-bomb':
      return fetchBombCase();
    default:
      throw new Error(`unknown probe case ${name}`);
  }
}

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run the probe with --expose-gc');
const name = process.argv[2] ?? '';
const probe = await probeCase(name);
// Warm-up: load zlib, web streams and fetch, and compile the read path, before the baseline is taken.
await readBody(await probe.input(true), limits);
const input = await probe.input(false);
gc();
gc();
const base = process.memoryUsage();
peakRss = base.rss;
peakHeap = base.heapUsed + base.external;
const sampler = setInterval(sample, 1);
const started = performance.now();
const result = await readBody(input, limits);
sample();
clearInterval(sampler);
await probe.close?.();
process.stdout.write(
  JSON.stringify({
    case: name,
    code: result.ok ? 'ok' : result.error.code,
    rawBytes: result.rawBytes,
    ceiling: probe.ceiling,
    peakRssGrowth: peakRss - base.rss,
    peakHeapGrowth: peakHeap - (base.heapUsed + base.external),
    elapsedMs: Math.round(performance.now() - started),
  }) + '\n',
);

// Measures peak memory of hostile reads (endless streams, 1000:1 bombs) in child processes and holds it to the ceiling.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const PROJECT_ROOT = join(import.meta.dirname, '../..');
const PROBE = join(import.meta.dirname, 'memory-probe.ts');
/** Allowance above the crossed ceiling for the runtime itself: one chunk, zlib state, garbage not yet collected. */
const SLACK = 16 * 1024 * 1024;

interface ProbeReport {
  readonly case: string;
  readonly code: string;
  readonly rawBytes: number;
  readonly ceiling: number;
  readonly peakRssGrowth: number;
  readonly peakHeapGrowth: number;
  readonly elapsedMs: number;
}

/** Runs one probe case in a fresh Node process (so nothing else shares its memory) and parses its report. */
async function probe(name: string): Promise<ProbeReport> {
  const { stdout } = await run(process.execPath, ['--expose-gc', '--import', 'tsx', PROBE, name], {
    cwd: PROJECT_ROOT,
    timeout: 60_000,
  });
  const report = JSON.parse(stdout) as ProbeReport;
  const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
  console.log(
    `${report.case}: ${report.code} after ${report.elapsedMs} ms; peak RSS growth ${mb(report.peakRssGrowth)}, ` +
      `peak heap+external growth ${mb(report.peakHeapGrowth)} (ceiling ${mb(report.ceiling)} + ${mb(SLACK)})`,
  );
  return report;
}

describe('peak memory of hostile reads', () => {
  it.each([
    ['readable-endless', 'read.too_large'],
    ['web-endless', 'read.too_large'],
    ['gzip-bomb', 'read.decompressed_too_large'],
    ['deflate-bomb', 'read.decompressed_too_large'],
    ['br-bomb', 'read.decompressed_too_large'],
  ])('%s stays under its ceiling plus 16 MiB', async (name, code) => {
    const report = await probe(name);
    expect(report.code).toBe(code);
    expect(report.peakRssGrowth).toBeLessThan(report.ceiling + SLACK);
    expect(report.peakHeapGrowth).toBeLessThan(report.ceiling + SLACK);
  });

  it('a gzip bomb fetched over HTTP keeps live and garbage bytes under its ceiling plus 16 MiB', async () => {
    // Node's fetch inflates inside undici and copies every chunk once more, so this case allocates three
    // to four times the ceiling before garbage collection (as a plain fetch of a body that size does).
    // The JavaScript heap plus external buffers is the stable measure; RSS here also holds what the
    // allocator has not yet returned, and is printed only.
    const report = await probe('fetch-gzip-bomb');
    expect(report.code).toBe('read.decompressed_too_large');
    expect(report.peakHeapGrowth).toBeLessThan(report.ceiling + SLACK);
  });
});

// The html purpose at run time, in fresh processes: jsdom loaded only on first markup, live documents bounded.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const PROJECT_ROOT = join(import.meta.dirname, '../..');

/** Runs an ES module script in a fresh Node process with TypeScript support, and parses the JSON it prints. */
async function inFreshProcess<T>(script: string, flags: readonly string[] = []): Promise<T> {
  const { stdout } = await run(
    process.execPath,
    [...flags, '--import', 'tsx', '--input-type=module', '-e', script],
    {
      cwd: PROJECT_ROOT,
      timeout: 120_000,
    },
  );
  return JSON.parse(stdout) as T;
}

describe('loading jsdom', () => {
  it('never loads jsdom for values without markup, and loads it for the first value with markup', async () => {
    const script = `
      import { createRequire } from 'node:module';
      const require = createRequire(process.cwd() + '/');
      const jsdomLoaded = () => Object.keys(require.cache).some((path) => path.includes('/node_modules/jsdom/'));
      const { sanitizeHtml, htmlPurpose } = await import('./src/purposes/html/sanitize-html.ts');
      const { HTML_DEFAULTS } = await import('./src/purposes/html/options.ts');
      const states = [jsdomLoaded()];
      await sanitizeHtml('plain text, a > b, "quoted"');
      htmlPurpose.sanitize('another plain value', HTML_DEFAULTS);
      states.push(jsdomLoaded());
      await sanitizeHtml('<p>markup</p>');
      states.push(jsdomLoaded());
      console.log(JSON.stringify(states));`;
    expect(await inFreshProcess<boolean[]>(script)).toEqual([false, false, true]);
  });
});

interface Retained {
  readonly sequential: number;
  readonly parallel: number;
}

describe('documents kept alive by jsdom', () => {
  it('stay bounded when callers never yield to the event loop themselves', { timeout: 180_000 }, async () => {
    // jsdom frees a parsed document only when the macrotask that parsed it ends. Both loops below run
    // without a macrotask of their own (a chain of awaits, and every call started at once as the sanitize
    // stage does); the heap still held right after each, garbage collected, shows how many documents live.
    const script = `
      const { sanitizeHtml } = await import('./src/purposes/html/sanitize-html.ts');
      const value = (i) => '<p>Ticket ' + i + ' <strong>fails</strong> <a href="https://docs.example.com/' + i + '">docs</a></p><ul><li>x</li></ul>';
      await sanitizeHtml(value(0));
      await new Promise((resolve) => setImmediate(resolve));
      const heldAfter = async (work) => {
        globalThis.gc();
        const before = process.memoryUsage().heapUsed;
        await work();
        globalThis.gc();
        const held = process.memoryUsage().heapUsed - before;
        await new Promise((resolve) => setImmediate(resolve));
        return held;
      };
      const sequential = await heldAfter(async () => { for (let i = 0; i < 1000; i++) await sanitizeHtml(value(i)); });
      const parallel = await heldAfter(() => Promise.all(Array.from({ length: 1000 }, (_, i) => sanitizeHtml(value(i)))));
      console.log(JSON.stringify({ sequential, parallel }));`;
    const retained = await inFreshProcess<Retained>(script, ['--expose-gc']);
    const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
    console.log(
      `heap held after 1000 calls: sequential ${mb(retained.sequential)}, parallel ${mb(retained.parallel)}`,
    );
    // Unpaced, 1000 documents of this size hold about 34 MiB until the macrotask ends.
    expect(retained.sequential).toBeLessThan(16 * 1024 * 1024);
    expect(retained.parallel).toBeLessThan(16 * 1024 * 1024);
  });
});

// Benchmark of the Markdown stream in Chromium: a 20 KB answer in 3-character chunks against rendering it once.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { launchChromium } from '../test/browser/chromium.js';
import { ANSWER_HOST, modelAnswer } from './fixtures/model-answer.js';
import { projectRoot, type BenchRow, type BenchSuite } from './harness.js';

const CHUNK = 3;
/** Rounds of each side; the median round decides. */
const ROUNDS = 5;
/** Renders of the whole answer per round of the baseline (one render is short next to the clock's steps). */
const ONCE_PER_ROUND = 20;

/** The sinks' browser entry as one script that keeps its exports on `window.airlock`. */
async function sinksScript(): Promise<string> {
  const result = await build({
    entryPoints: [join(projectRoot(), 'src/browser.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'airlock',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

/** Serves the page and the script cross-origin isolated, so the page's clock has a 5 µs resolution. */
async function serve(script: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const isScript = request.url === '/sinks.js';
    response.writeHead(200, {
      'content-type': isScript ? 'text/javascript' : 'text/html',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-embedder-policy': 'require-corp',
    });
    response.end(isScript ? script : '<!doctype html><body><script src="/sinks.js"></script></body>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/`, server };
}

/** Main-thread CPU time of the page's renderer, in milliseconds (Chromium's `ThreadTime` metric). */
async function threadTime(page: Page, work: string): Promise<{ ms: number; value: unknown }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  const read = async (): Promise<number> => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return (metrics.find((metric) => metric.name === 'ThreadTime')?.value ?? 0) * 1000;
  };
  const before = await read();
  const value = await page.evaluate(work);
  const ms = (await read()) - before;
  await cdp.detach();
  return { ms, value };
}

/** In the page: the answer rendered once, {@link ONCE_PER_ROUND} times. */
const ONCE = `(() => {
  const policy = airlock.defineEgressPolicy({ hosts: [ANSWER_HOST] });
  for (let round = 0; round < ${String(ONCE_PER_ROUND)}; round++) {
    const box = document.createElement('div');
    document.body.append(box);
    airlock.renderMarkdownInto(box, ANSWER, { policy });
    box.remove();
  }
})()`;

/**
 * In the page: the answer streamed in chunks, each write timed; resolves with the times. The element is kept as
 * `STREAMED` for {@link SAME_DOM}, outside the measured time.
 */
const STREAM = `(async () => {
  const policy = airlock.defineEgressPolicy({ hosts: [ANSWER_HOST] });
  const box = document.createElement('div');
  document.body.append(box);
  const stream = airlock.createMarkdownStream(box, { policy });
  const times = [];
  for (let at = 0; at < ANSWER.length; at += ${String(CHUNK)}) {
    const started = performance.now();
    stream.write(ANSWER.slice(at, at + ${String(CHUNK)}));
    times.push(performance.now() - started);
  }
  await stream.end();
  box.remove();
  window.STREAMED = box;
  return times;
})()`;

/** In the page: whether the streamed element equals rendering the whole answer once. */
const SAME_DOM = `(() => {
  const once = document.createElement('div');
  airlock.renderMarkdownInto(once, ANSWER, { policy: airlock.defineEgressPolicy({ hosts: [ANSWER_HOST] }) });
  return once.isEqualNode(window.STREAMED);
})()`;

/** In the page: what a chat UI does without a stream, `renderMarkdownInto` of the whole text so far per chunk. */
const RERENDER = `(() => {
  const policy = airlock.defineEgressPolicy({ hosts: [ANSWER_HOST] });
  const box = document.createElement('div');
  document.body.append(box);
  for (let at = 0; at < ANSWER.length; at += ${String(CHUNK)}) {
    airlock.renderMarkdownInto(box, ANSWER.slice(0, at + ${String(CHUNK)}), { policy });
  }
  box.remove();
})()`;

function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
}

function quantile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

async function measure(page: Page): Promise<BenchRow[]> {
  const once: number[] = [];
  const stream: number[] = [];
  let times: number[] = [];
  let same = true;
  for (let round = 0; round < ROUNDS + 1; round++) {
    const baseline = await threadTime(page, ONCE);
    const streamed = await threadTime(page, STREAM);
    same &&= await page.evaluate<boolean>(SAME_DOM);
    if (round === 0) continue; // warm-up
    once.push(baseline.ms / ONCE_PER_ROUND);
    stream.push(streamed.ms);
    times = times.concat(streamed.value as number[]);
  }
  // One round: it renders the answer once per chunk, thousands of times.
  const rerenderMs = (await threadTime(page, RERENDER)).ms;
  const [onceMs, streamMs] = [median(once), median(stream)];
  const chunks = times.length / ROUNDS;
  // The page clock steps by 5 µs: a write under one step reads as 0.
  const micro = (ms: number): string => (ms < 0.005 ? 'under 5 µs' : `${(ms * 1000).toFixed(0)} µs`);
  return [
    {
      name: `Markdown stream: a ${(ANSWER_LENGTH / 1000).toFixed(1)} KB answer written in ${String(chunks)} chunks of ${String(CHUNK)} characters`,
      baseline: 'renderMarkdownInto of the whole answer once (main-thread CPU time, Chromium)',
      ratio: onceMs / streamMs,
      detail: `${streamMs.toFixed(1)} ms streamed vs ${onceMs.toFixed(2)} ms once (${(streamMs / onceMs).toFixed(1)}× the cost); ends in the same DOM: ${same ? 'yes' : 'NO'}`,
      target: '≥ 0.2× (streaming costs at most 5× one render)',
    },
    {
      name: 'Markdown stream: the same answer and chunks',
      baseline: 'renderMarkdownInto of the whole text so far at every chunk (main-thread CPU time, Chromium)',
      ratio: rerenderMs / streamMs,
      detail: `${streamMs.toFixed(1)} ms streamed vs ${rerenderMs.toFixed(0)} ms re-rendered per chunk (${(rerenderMs / onceMs).toFixed(0)}× one render)`,
    },
    {
      name: 'Markdown stream: one write of 3 characters, 99th percentile',
      baseline: 'renderMarkdownInto of the whole answer once',
      ratio: onceMs / quantile(times, 0.99),
      detail: `p50 ${micro(quantile(times, 0.5))}, p99 ${micro(quantile(times, 0.99))}, max ${micro(Math.max(...times))} per write vs ${onceMs.toFixed(2)} ms once`,
    },
  ];
}

const ANSWER_LENGTH = modelAnswer().length;

/** The Markdown stream suite: needs Chromium (`AIRLOCK_CHROMIUM`, default /usr/bin/chromium). */
export const markdownStreamSuite: BenchSuite = {
  title: 'Markdown stream (Chromium)',
  async run() {
    const script = await sinksScript();
    const { url, server } = await serve(script);
    const browser = await launchChromium();
    try {
      const page = await browser.context.newPage();
      await page.goto(url);
      await page.evaluate(
        `window.ANSWER = ${JSON.stringify(modelAnswer())}; window.ANSWER_HOST = '${ANSWER_HOST}';`,
      );
      return await measure(page);
    } finally {
      await browser.close();
      server.close();
    }
  },
};

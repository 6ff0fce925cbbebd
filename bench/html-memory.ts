// Peak RSS of the html purpose and of DOMPurify on jsdom, each over the same 100,000 rich fields in a fresh process.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { BenchRow } from './harness.js';
import { projectRoot } from './harness.js';
import { richFields } from './html-fields.js';

/** Rich-text calls in each probe. */
const PROBE_CALLS = 100_000;
/** The most RSS the html purpose may reach over the probe. */
const RSS_LIMIT = 250e6;

/** A module of this benchmark's source tree: its TypeScript source under tsx, compiled JavaScript otherwise. */
function sourceModule(path: string): string {
  const compiled = !import.meta.url.endsWith('.ts');
  return new URL(`../${path}.${compiled ? 'js' : 'ts'}`, import.meta.url).href;
}

interface Probe {
  /** RSS once everything is loaded and the first field was sanitized. */
  readonly loaded: number;
  /** The process's peak RSS (`maxRSS`) at the end. */
  readonly peak: number;
  readonly seconds: number;
}

/**
 * Runs `call(body)` over the rich bodies 100,000 times in a fresh process, awaiting each call, and reports its
 * peak RSS. `setup` defines `call`; when `paced` the loop itself yields a `setImmediate` turn every 32 calls,
 * as a careful user of jsdom must (jsdom frees a job's documents only after the job ends).
 */
async function probe(setup: string, paced: boolean): Promise<Probe> {
  const script = `
    ${setup}
    const bodies = ${JSON.stringify(richFields())};
    await call(bodies[0]);
    const loaded = process.memoryUsage().rss;
    const started = performance.now();
    for (let i = 0; i < ${PROBE_CALLS}; i++) {
      await call(bodies[i % bodies.length]);
      ${paced ? 'if (i % 32 === 31) await new Promise((resolve) => setImmediate(resolve));' : ''}
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(JSON.stringify({ loaded, peak: process.resourceUsage().maxRSS * 1024, seconds }));`;
  const loader = import.meta.url.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [...loader, '--input-type=module', '-e', script],
    { cwd: projectRoot(), timeout: 30 * 60_000 },
  );
  return JSON.parse(stdout) as Probe;
}

/** The html purpose: `sanitizeHtml` awaited call after call, never yielding itself (it paces its own DOM work). */
const PURPOSE_SETUP = `
  const { sanitizeHtml } = await import(${JSON.stringify(sourceModule('src/purposes/html/sanitize-html'))});
  const call = (body) => sanitizeHtml(body);`;

/** DOMPurify configured once with the profile on one jsdom window, as in the throughput rows. */
function baselineSetup(config: object): string {
  return `
  const { JSDOM } = await import('jsdom');
  const { default: createDOMPurify } = await import('dompurify');
  const purify = createDOMPurify(new JSDOM('').window);
  purify.setConfig(${JSON.stringify(config)});
  const call = async (body) => purify.sanitize(body);`;
}

/** Peak RSS of the purpose against DOMPurify on jsdom, both measured here, one fresh process each. */
export async function rssRow(config: object): Promise<BenchRow> {
  const baseline = await probe(baselineSetup(config), true);
  const purpose = await probe(PURPOSE_SETUP, false);
  const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(0)} MB`;
  const rate = (run: Probe): string => `${(PROBE_CALLS / run.seconds).toFixed(0)} calls/s`;
  return {
    name: `peak RSS across ${PROBE_CALLS.toLocaleString('en')} rich-text sanitizeHtml calls (fresh process)`,
    baseline: `DOMPurify on jsdom over the same ${PROBE_CALLS.toLocaleString('en')} fields (fresh process, 32 calls per turn)`,
    ratio: baseline.peak / purpose.peak,
    detail:
      `peak ${mb(purpose.peak)} (${mb(purpose.loaded)} once loaded, ${rate(purpose)}) vs ` +
      `${mb(baseline.peak)} (${mb(baseline.loaded)} once loaded, ${rate(baseline)}); ` +
      `limit ${mb(RSS_LIMIT)}: ${purpose.peak <= RSS_LIMIT ? 'within' : 'EXCEEDED'}`,
    target: `≥ 1× and peak ≤ ${mb(RSS_LIMIT)}`,
  };
}

// Benchmark of the html purpose: a realistic field mix and rich text against raw DOMPurify on jsdom, and peak RSS.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import createDOMPurify, { type Config } from 'dompurify';
import { JSDOM } from 'jsdom';
import { htmlPurpose } from '../src/purposes/html/sanitize-html.js';
import { HTML_DEFAULTS } from '../src/purposes/html/options.js';
import {
  HTML_ALLOWED_ATTRIBUTES,
  HTML_ALLOWED_TAGS,
  HTML_FORBIDDEN_CONTENTS,
} from '../src/purposes/html/profile.js';
import { utf8Length } from '../src/unicode/codepoint.js';
import type { BenchRow, BenchSuite } from './harness.js';
import { compare, mbPerSecond, projectRoot } from './harness.js';

/** The same profile handed to DOMPurify the plain way: a configuration object on every call. */
const RAW_CONFIG: Config = {
  ALLOWED_TAGS: [...HTML_ALLOWED_TAGS],
  ALLOWED_ATTR: [...HTML_ALLOWED_ATTRIBUTES],
  ADD_FORBID_CONTENTS: [...HTML_FORBIDDEN_CONTENTS],
};

const PLAIN = [
  'Login fails after password reset',
  'Open',
  'Customer reports that the export button does nothing on Safari 17.',
  'Priority: high, assigned to the billing team',
  'Müller GmbH — invoice 2024-118 is missing the VAT line',
  'Duplicate of an earlier ticket; closing as resolved',
  'Waiting for customer',
  'Build 4.12.3 > 4.12.2 fixed the crash on start-up',
  'The nightly job took 45 minutes instead of 5',
];

/** Rich ticket bodies: what help-desk and issue trackers send as HTML, some of it pasted from mail. */
function richField(i: number): string {
  const link = `<a href="https://docs.example.com/kb/${i}?ref=ticket" target="_blank">knowledge base article ${i}</a>`;
  const bodies = [
    `<p>Hi team,</p><p>After the upgrade the <strong>export</strong> fails with <code>E_TIMEOUT</code>. See ${link}.</p><ul><li>Browser: Safari 17</li><li>Account: 4411</li><li>Since: Monday</li></ul><p>Thanks,<br>Ana</p>`,
    `<div class="gmail_quote" style="margin:0 0 0 .8ex"><span style="font-family:Arial">Forwarded message</span><blockquote><p>Can you check the invoice &amp; the credit note?</p></blockquote></div><p>Steps:</p><ol><li>Open billing</li><li>Click <em>Export</em></li></ol>`,
    `<p>Stack trace:</p><pre>Error: socket hang up\n    at TLSSocket.onClose (node:_http_client:478:23)\n    at TLSSocket.emit (node:events:530:35)</pre><p>Workaround in ${link}; the fix ships in <strong>4.13</strong>.</p>`,
    `<p onclick="track()">Please <a href="javascript:alert(1)">click here</a> to verify.</p><img src="https://tracker.example.net/p.gif?u=${i}"><script>steal()</script><p>Regards</p>`,
  ];
  return bodies[i % bodies.length]!.repeat(1 + (i % 3));
}

/** A mix of 200 fields, 90 % plain text and 10 % rich text, in the order a result's fields would come. */
function fieldMix(): string[] {
  return Array.from({ length: 200 }, (_, i) => (i % 10 === 9 ? richField(i) : PLAIN[i % PLAIN.length]!));
}

async function purposeOverAll(fields: readonly string[]): Promise<void> {
  await Promise.all(fields.map((field) => Promise.resolve(htmlPurpose.sanitize(field, HTML_DEFAULTS))));
}

async function mixRow(raw: (value: string) => string): Promise<BenchRow> {
  const fields = fieldMix();
  await purposeOverAll(fields);
  const { subjectHz, baselineHz } = await compare(
    { name: 'html purpose, mix', fn: () => purposeOverAll(fields) },
    {
      name: 'raw DOMPurify, mix',
      fn: () => {
        fields.forEach(raw);
      },
    },
    3000,
  );
  return {
    name: 'html purpose over 200 fields, 90 % plain text, 10 % rich text',
    baseline: 'DOMPurify on one jsdom window over every field, profile passed per call',
    ratio: subjectHz / baselineHz,
    detail: `${(subjectHz * fields.length).toFixed(0)} fields/s vs ${(baselineHz * fields.length).toFixed(0)} fields/s`,
    target: '≥ 3×',
  };
}

async function richRow(raw: (value: string) => string): Promise<BenchRow> {
  const fields = Array.from({ length: 12 }, (_, i) => richField(i));
  const bytes = fields.reduce((sum, field) => sum + utf8Length(field), 0);
  const { subjectHz, baselineHz } = await compare(
    { name: 'html purpose, rich', fn: () => purposeOverAll(fields) },
    {
      name: 'raw DOMPurify, rich',
      fn: () => {
        fields.forEach(raw);
      },
    },
    3000,
  );
  return {
    name: `html purpose over rich text only (12 ticket bodies, ${(bytes / 1024).toFixed(1)} KB)`,
    baseline: 'DOMPurify on one jsdom window, profile passed per call',
    ratio: subjectHz / baselineHz,
    detail: `${mbPerSecond(bytes, subjectHz)} vs ${mbPerSecond(bytes, baselineHz)}`,
  };
}

/** The html purpose as this benchmark runs it: its TypeScript source under tsx, compiled JavaScript otherwise. */
const HTML_MODULE = new URL(
  `../src/purposes/html.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`,
  import.meta.url,
);

/** Rich-text calls in the memory probe, and how many calls each reported window spans. */
const PROBE_CALLS = 100_000;
const PROBE_WINDOW = 10_000;

/**
 * Peak RSS of a fresh process sanitizing rich text 100,000 times with `sanitizeHtml`, one call after the
 * other and never yielding to the event loop itself (the sanitizer paces its own DOM work).
 */
async function rssRow(): Promise<BenchRow> {
  const script = `
    const { sanitizeHtml } = await import(${JSON.stringify(HTML_MODULE.href)});
    const bodies = ${JSON.stringify(Array.from({ length: 12 }, (_, i) => richField(i)))};
    await sanitizeHtml(bodies[0]);
    const loaded = process.memoryUsage().rss;
    const windows = [];
    let peak = 0;
    const started = performance.now();
    for (let i = 0; i < ${PROBE_CALLS}; i++) {
      await sanitizeHtml(bodies[i % bodies.length]);
      if (i % 200 === 0) peak = Math.max(peak, process.memoryUsage().rss);
      if (i % ${PROBE_WINDOW} === ${PROBE_WINDOW - 1}) { windows.push(peak); peak = 0; }
    }
    console.log(JSON.stringify({ loaded, windows, seconds: (performance.now() - started) / 1000 }));`;
  const run = promisify(execFile);
  const loader = import.meta.url.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const { stdout } = await run(process.execPath, [...loader, '--input-type=module', '-e', script], {
    cwd: projectRoot(),
    timeout: 30 * 60_000,
  });
  const { loaded, windows, seconds } = JSON.parse(stdout) as {
    loaded: number;
    windows: number[];
    seconds: number;
  };
  const mb = (bytes: number): string => (bytes / 1e6).toFixed(0);
  const peak = Math.max(...windows);
  return {
    name: `peak RSS across ${PROBE_CALLS.toLocaleString('en')} rich-text sanitizeHtml calls (fresh process)`,
    baseline: 'the 300 MB target',
    ratio: 300e6 / peak,
    detail:
      `peak ${mb(peak)} MB, ${mb(loaded)} MB after loading jsdom; peak per ${PROBE_WINDOW.toLocaleString('en')} calls: ` +
      `${windows.map(mb).join(', ')} MB; ${(PROBE_CALLS / seconds).toFixed(0)} calls/s`,
    target: '≥ 1× (peak ≤ 300 MB, flat)',
  };
}

/** The html purpose suite. */
export const htmlSuite: BenchSuite = {
  title: 'html purpose',
  async run() {
    const purify = createDOMPurify(new JSDOM('').window);
    const raw = (value: string): string => purify.sanitize(value, RAW_CONFIG);
    return [await mixRow(raw), await richRow(raw), await rssRow()];
  },
};

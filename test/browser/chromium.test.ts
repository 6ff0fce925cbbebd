// Real Chromium: the browser bundle renders a malicious tool result, no script runs, no foreign request.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildBrowserBundle } from '../../scripts/build-browser.js';
import type * as Airlock from '../../src/browser.js';
import { checkUrl } from '../../src/egress/check-url.js';
import { defineEgressPolicy } from '../../src/egress/policy.js';
import { HTML_LINK_REL } from '../../src/purposes/html/profile.js';
import {
  ALLOWED_HOST,
  INJECTED_TITLE,
  MALICIOUS_MARKDOWN,
  MALICIOUS_OUTCOME,
} from '../sinks/html/malicious-result.js';
import { chromiumAvailable, launchChromium, type ChromiumSession } from './chromium.js';
import { auditDom } from './dom-audit.js';
import { decisionSummary, EGRESS_CASES, wptUrlInputs } from './egress-cases.js';
import { servePage, type PageServer } from './page-server.js';

interface TestWindow {
  airlock: typeof Airlock;
  __pwned?: unknown;
  __violations: string[];
}

const ALLOWED_ORIGIN = `https://${ALLOWED_HOST}`;
/** Time for late payloads (error and load handlers, autofocus, toggle, meta refresh) to fire if they survived. */
const SETTLE_MS = 1_000;

describe.runIf(chromiumAvailable())('browser bundle in Chromium', () => {
  let workDir: string;
  let inputs: string[];
  let server: PageServer;
  let browser: ChromiumSession;
  const requests: string[] = [];

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'airlock-bundle-'));
    const bundle = join(workDir, 'airlock-sinks.js');
    inputs = Object.keys((await buildBrowserBundle(bundle)).inputs);
    server = await servePage(bundle);
    browser = await launchChromium();
    browser.context.on('request', (request) => requests.push(request.url()));
    // Nothing leaves the machine: requests to other origins are recorded above, then aborted here.
    await browser.context.route('**/*', (route) =>
      route.request().url().startsWith(server.origin) ? route.continue() : route.abort(),
    );
  });

  afterAll(async () => {
    await browser.close();
    await server.close();
    await rm(workDir, { recursive: true, force: true });
  });

  async function openPage(path: '/' | '/csp'): Promise<Page> {
    requests.length = 0;
    const page = await browser.context.newPage();
    await page.goto(server.origin + path);
    await page.waitForSelector('html[data-ready="yes"]');
    return page;
  }

  function foreignRequests(): string[] {
    return requests.filter((url) => !url.startsWith(server.origin) && !url.startsWith(`${ALLOWED_ORIGIN}/`));
  }

  test('the bundle holds no Node-only module', () => {
    expect(inputs.some((input) => input.includes('node_modules/dompurify/'))).toBe(true);
    expect(inputs.some((input) => input.includes('node_modules/markdown-it/'))).toBe(true);
    // parse5 reads hostile markup before DOMPurify's parse, so that parse files no CSP report (quiet-markup.ts).
    expect(inputs.some((input) => input.includes('node_modules/parse5/'))).toBe(true);
    expect(inputs.filter((input) => /jsdom|whatwg-url|tr46|node:/.test(input))).toEqual([]);
  });

  /** Renders the malicious result with every UI sink into the page's containers, or into detached elements. */
  async function renderAll(page: Page, target: 'attached' | 'detached') {
    const rendered = await page.evaluate(
      ({ outcome, markdown, hosts, attached }) => {
        const win = window as unknown as TestWindow;
        const { airlock } = win;
        const policy = airlock.defineEgressPolicy({ hosts });
        const get = (id: string): HTMLElement =>
          attached ? (document.getElementById(id) as HTMLElement) : document.createElement('div');
        const html = get('html');
        const report = airlock.renderHtmlInto(html, outcome, { policy });
        get('markdown').innerHTML = airlock.renderMarkdown(markdown, { policy, linkify: true }).html;
        const written = airlock.renderOutcomeMarkdown(outcome, { policy }).markdown;
        get('outcome-markdown').innerHTML = airlock.renderMarkdown(written, { policy, linkify: true }).html;
        return { codes: report.findings.map((finding) => finding.code), text: html.textContent };
      },
      {
        outcome: MALICIOUS_OUTCOME,
        markdown: MALICIOUS_MARKDOWN,
        hosts: [ALLOWED_HOST],
        attached: target === 'attached',
      },
    );
    await page.waitForTimeout(SETTLE_MS);
    const state = await page.evaluate(() => {
      const win = window as unknown as TestWindow;
      const violations = win.__violations.splice(0).sort();
      return { pwned: win.__pwned ?? null, violations, url: location.href };
    });
    return { ...rendered, ...state };
  }

  for (const path of ['/', '/csp'] as const) {
    const mode = path === '/csp' ? 'with a CSP meta tag' : 'without CSP';
    test(`renders every payload inert ${mode}`, async () => {
      const page = await openPage(path);
      // DOMPurify parses hostile markup in an inert document of this window; the names Chromium would report
      // there (inline handlers, inline styles, <base>) are renamed first, so neither rendering into detached
      // elements nor into the live page files a report: the CSP is never what stopped a payload.
      const parseOnly = await renderAll(page, 'detached');
      const live = await renderAll(page, 'attached');
      expect(parseOnly.violations).toEqual([]);
      expect(live.violations).toEqual([]);
      expect({ pwned: live.pwned, url: live.url }).toEqual({ pwned: null, url: server.origin + path });
      expect(page.frames()).toHaveLength(1);
      expect(foreignRequests()).toEqual([]);
      expect(requests).toContain(`${ALLOWED_ORIGIN}/ok.png`);

      const audit = await page.evaluate(auditDom, {
        containers: ['html', 'markdown', 'outcome-markdown'],
        allowedOrigins: [ALLOWED_ORIGIN],
        rel: HTML_LINK_REL,
      });
      expect(audit.problems).toEqual([]);
      expect(audit.links).toBeGreaterThanOrEqual(4);
      expect(audit.images).toBe(1);
      expect(live.text).toContain(INJECTED_TITLE);
      expect(live.text).toContain('<script>window.__pwned = "title"</script>');
      expect(live.codes).toEqual(expect.arrayContaining(['sink.url_blocked', 'html.link_blocked']));
      await page.close();
    });
  }

  test('checkUrl in the page decides as checkUrl in Node wherever both parse a URL alike', async () => {
    const page = await openPage('/');
    const wpt = wptUrlInputs();
    const urls = [...EGRESS_CASES, ...wpt];
    const options = [
      {},
      { hosts: [ALLOWED_HOST, '*.example.org'], ipLiterals: 'allow' },
      { schemes: ['https', 'http'], ipLiterals: 'allow' },
    ] as const;
    const inBrowser = await page.evaluate(
      ({ urls, options }) => {
        const { airlock } = window as unknown as TestWindow;
        const policies = options.map((fields) => airlock.defineEgressPolicy(fields));
        return urls.map((url) => {
          const decisions = policies.map((policy) => {
            const decision = airlock.checkUrl(url, policy);
            return decision.allowed ? `allowed ${decision.href}` : `blocked ${decision.reason}`;
          });
          return [URL.canParse(url) ? new URL(url).href : 'unparseable', ...decisions].join(' | ');
        });
      },
      { urls, options },
    );
    const policies = options.map((fields) => defineEgressPolicy(fields));
    const inNode = urls.map((url) =>
      [
        URL.canParse(url) ? new URL(url).href : 'unparseable',
        ...policies.map((policy) => decisionSummary(checkUrl(url, policy))),
      ].join(' | '),
    );
    // Chromium's parser departs from the URL Standard on a few WPT inputs (invalid punycode, `*` in a host). There
    // the page decides by the browser's own parse — the one that would load the URL — so only URLs that both
    // parsers read alike must be decided alike, down to the block reason and the exact href.
    const parsedAlike = urls.flatMap((_, index) =>
      inBrowser[index]?.split(' | ')[0] === inNode[index]?.split(' | ')[0] ? [index] : [],
    );
    const differences = parsedAlike
      .filter((index) => inBrowser[index] !== inNode[index])
      .map((index) => urls[index]);
    expect(differences).toEqual([]);
    // Enough allowed decisions that "decided alike" is not vacuous (fewer without the WPT corpus).
    expect(inNode.join().split('allowed').length).toBeGreaterThan(wpt.length > 0 ? 100 : 10);
    console.log(
      `checkUrl in Chromium: ${String(urls.length)} URLs under 3 policies; ${String(parsedAlike.length)} parsed alike, ` +
        `all decided as in Node; ${String(urls.length - parsedAlike.length)} parsed differently by Chromium`,
    );
    await page.close();
  });

  test('control: the same markup set unsanitized runs and loads, so the detectors above can fail', async () => {
    const page = await openPage('/');
    await page.evaluate(() => {
      const control = document.getElementById('control') as HTMLElement;
      control.innerHTML =
        '<img src="https://evil.example/control.png" onerror="window.__pwned = \'control\'">';
    });
    await page.waitForFunction(() => (window as unknown as TestWindow).__pwned === 'control');
    expect(foreignRequests()).toEqual(['https://evil.example/control.png']);
    await page.close();
  });

  test('control: under the CSP the unsanitized load is still seen as a request, and blocked', async () => {
    const page = await openPage('/csp');
    const failures: string[] = [];
    page.on('requestfailed', (request) => failures.push(request.failure()?.errorText ?? ''));
    await page.evaluate(() => {
      const control = document.getElementById('control') as HTMLElement;
      control.innerHTML =
        '<img src="https://evil.example/control.png" onerror="window.__pwned = \'control\'">';
    });
    await page.waitForFunction(() => (window as unknown as TestWindow).__violations.length >= 2);
    const state = await page.evaluate(() => {
      const win = window as unknown as TestWindow;
      return { pwned: win.__pwned ?? null, violations: [...win.__violations].sort() };
    });
    expect(state).toEqual({
      pwned: null,
      violations: ['img-src https://evil.example/control.png', 'script-src-attr inline'],
    });
    expect(foreignRequests()).toEqual(['https://evil.example/control.png']);
    expect(failures).toEqual(['csp']);
    await page.close();
  });
});

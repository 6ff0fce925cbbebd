// Real Chromium opens the demo: every shipped case reads through ToolOutput under a strict CSP and Trusted Types.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type * as Airlock from '../../src/browser.js';
import { questionFor } from '../../src/demo/questions.js';
import type { DemoPack } from '../../src/demo/script.js';
import { asJson } from '../support/as-json.js';
import { useTempDir } from '../support/temp-dir.js';
import { chromiumAvailable } from './chromium.js';
import { countPage, NOTHING_SEEN, openDemoPage } from './demo-pages.js';
import { HARNESS_PATH, startDemoSession, type DemoSession, type DemoSite } from './demo-site.js';
import { importInPage } from './page-probe.js';
import { RICH_HOST, richMessages, timeFigures } from './rich-messages.js';

/** The CSP the demo must send: nothing inline, same-origin script, Trusted Types with one policy. */
const EXPECTED_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  'img-src https://docs.example.com https://tickets.example.com',
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "require-trusted-types-for 'script'",
  'trusted-types agent-airlock',
].join('; ');

/** Where `AIRLOCK_UPDATE_SCREENSHOT=1` writes the README's screenshot, and the case it shows first. */
const SCREENSHOT = join(import.meta.dirname, '../../docs/demo.png');
const SCREENSHOT_CASE = 'content/html-event-handlers-removed';

/** What the page shows for one case, read from its DOM. */
interface ShownCase {
  readonly id: string;
  readonly question: string;
  readonly call: string;
  readonly html: string;
  readonly text: string;
  readonly findings: string;
  readonly evidence: string;
  readonly agentError: string | null;
  readonly raw: string;
}

/** The text the html sink must show for accepted data: each member's name, then its value, in order. */
function expectedText(value: unknown): string {
  if (Array.isArray(value)) return value.map(expectedText).join('');
  if (typeof value === 'object' && value !== null)
    return Object.entries(value)
      .map(([name, member]) => name + expectedText(member))
      .join('');
  return String(value);
}

describe.runIf(chromiumAvailable())('the demo in Chromium', () => {
  const dist = useTempDir('demo-browser');
  let session: DemoSession;
  let site: DemoSite;

  beforeAll(async () => {
    session = await startDemoSession(dist);
    site = session.site;
  }, 120_000);

  afterAll(() => session.close());

  /** The demo as served, its conversation rendered, the test harness routed at its path. */
  async function openDemo(): Promise<Page> {
    const page = await openDemoPage(session, 'enforced');
    await page.route(site.origin + HARNESS_PATH, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: site.harness }),
    );
    await page.waitForSelector('main[aria-busy="false"]', { timeout: 30_000 });
    return page;
  }

  test('serves the page with the strict CSP and no inline script or style', async () => {
    const response = await fetch(site.server.url, { signal: AbortSignal.timeout(5_000) });
    expect(response.headers.get('content-security-policy')).toBe(EXPECTED_CSP);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    const page = await response.text();
    expect(page).not.toMatch(/<script(?![^>]*\bsrc=)|<style|\sstyle=|\son[a-z]+=/i);
  });

  test('shows every shipped case through ToolOutput, as the plain DOM renderer renders it', async () => {
    const page = await openDemo();
    const shown = await page.evaluate(() =>
      Array.from(document.querySelectorAll('article[data-case]'), (article) => {
        const text = (selector: string): string | null =>
          article.querySelector(selector)?.textContent ?? null;
        const output = article.querySelector('[data-airlock-output]');
        return {
          id: (article as HTMLElement).dataset.case ?? '',
          question: text('.bubble.user') ?? '',
          call: text('.bubble.agent') ?? '',
          html: output?.innerHTML ?? '',
          text: output?.textContent ?? '',
          findings: text('.findings') ?? '',
          evidence: text('.evidence') ?? '',
          agentError: text('.agent-error'),
          raw: text('.raw') ?? '',
        } satisfies ShownCase;
      }),
    );
    const plain = await renderPlain(page, site.script.packs);
    const expected = site.script.packs.flatMap((pack, packIndex) =>
      pack.cases.map((turn, caseIndex) => ({ pack, turn, loaded: site.packs[packIndex]?.cases[caseIndex] })),
    );
    expect(shown.map((entry) => entry.id)).toEqual(
      expected.map(({ pack, turn }) => `${pack.name}/${turn.id}`),
    );
    let benign = 0;
    for (const [index, { pack, turn, loaded }] of expected.entries()) {
      const entry = shown[index]!;
      const outcome = turn.outcome!;
      expect(entry.question).toBe(questionFor(turn.call.tool));
      expect(entry.call).toContain(`${turn.call.tool} (request ${turn.call.requestId}`);
      expect(entry.raw, entry.id).toBe(turn.raw.text);
      expect(entry.html, entry.id).toBe(plain[index]);
      expect(entry.evidence).toBe(outcome.meta.evidence);
      const codes = [...new Set(outcome.meta.findings.map((finding) => finding.code))];
      expect(entry.findings).toBe(codes.length === 0 ? 'none' : codes.join(' '));
      if (outcome.ok) expect(entry.agentError).toBeNull();
      else {
        expect(entry.agentError).toBe(`The agent sees ${JSON.stringify(outcome.error)}`);
        expect(entry.text).toBe(outcome.error.code);
      }
      if (pack.name === 'benign' && loaded?.expect.accepted?.data !== undefined) {
        expect(entry.text, entry.id).toBe(expectedText(loaded.expect.accepted.data));
        benign++;
      }
    }
    expect(benign).toBeGreaterThan(10);
    const counts = await countPage(session, page, 0);
    console.log(
      `demo page: ${String(shown.length)} shipped cases through ToolOutput and renderHtmlInto under the demo ` +
        `CSP; ${String(benign)} benign texts as expected; ${JSON.stringify(counts)}`,
    );
    expect(counts).toEqual(NOTHING_SEEN);
    if (process.env.AIRLOCK_UPDATE_SCREENSHOT === '1') await screenshot(page);
    await page.close();
  }, 120_000);

  test('renders 200 benign rich messages through ToolOutput; mean and worst time per message printed', async () => {
    const page = await openDemo();
    await importInPage(page, HARNESS_PATH, 'airlockHarnessModule');
    const messages = richMessages(200);
    const times = await page.evaluate(
      ({ messages, hosts }) =>
        (
          window as unknown as { airlockHarness: { time(i: unknown[], e: unknown): number[] } }
        ).airlockHarness.time(messages, { hosts }),
      { messages, hosts: [RICH_HOST] },
    );
    const rendered = await page.evaluate(() => ({
      messages: document.querySelectorAll('#harness [data-airlock-output]').length,
      links: document.querySelectorAll('#harness [data-airlock-output] a[href^="https://"]').length,
      strong: document.querySelectorAll('#harness [data-airlock-output] strong').length,
    }));
    expect(rendered).toEqual({ messages: 200, links: 400, strong: 400 });
    const { mean, p95, worst, worstAt, withinFrame } = timeFigures(times);
    console.log(
      `render time per message (ToolOutput, 200 benign rich messages, Trusted Types enforced): ` +
        `mean ${mean.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, worst ${worst.toFixed(2)} ms (message ${String(worstAt + 1)}); ` +
        `frame budget 16 ms: ${String(withinFrame)} of 200 within it`,
    );
    const counts = await countPage(session, page, 0);
    expect(counts).toEqual(NOTHING_SEEN);
    await page.close();
  }, 120_000);

  /**
   * Every case's outcome rendered by `renderHtmlInto` from the bundle the page loaded, into detached elements.
   * The outcomes cross to the page as JSON, as the demo's server sends them (prose wrappers become their text).
   */
  function renderPlain(page: Page, packs: readonly DemoPack[]): Promise<string[]> {
    return page.evaluate(
      (packs) => {
        const airlock = (window as unknown as { airlockSinks: typeof Airlock }).airlockSinks;
        return packs.flatMap((pack) => {
          const policy = airlock.defineEgressPolicy(pack.egress);
          return pack.cases.map((turn) => {
            const box = document.createElement('div');
            if (turn.outcome !== null) airlock.renderHtmlInto(box, turn.outcome, { policy });
            return box.innerHTML;
          });
        });
      },
      asJson(packs) as readonly DemoPack[],
    );
  }
});

/** Writes the README's screenshot: the demo scrolled to a case whose rich text lost its event handlers. */
async function screenshot(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.evaluate((id) => {
    document.getElementById(id)?.scrollIntoView();
    window.scrollBy(0, -16);
  }, SCREENSHOT_CASE);
  await page.screenshot({ path: SCREENSHOT });
}

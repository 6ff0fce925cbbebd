// Real Chromium: the html sink through the HTML Sanitizer API and through DOMPurify gives the same DOM.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type * as Airlock from '../../src/browser.js';
import type { Finding } from '../../src/vocabulary/finding.js';
import { corpusPath } from '../support/corpora.js';
import { useTempDir } from '../support/temp-dir.js';
import { chromiumAvailable } from './chromium.js';
import { countPage, NOTHING_SEEN, openDemoPage } from './demo-pages.js';
import { startDemoSession, type DemoSession } from './demo-site.js';
import { dompurifyPayloads, inputGroups, type InputGroup } from './hostile-inputs.js';

/** What the html sink made of one outcome on one path. */
interface Rendered {
  readonly html: string;
  readonly findings: readonly Finding[];
}

/** Hides the Sanitizer API before any page script, so the sink takes its DOMPurify path. */
const WITHOUT_SANITIZER_API = 'delete Element.prototype.setHTML;';

/** A few values where the two paths could part: nested and `is` links, scripts in URLs, whitespace, images. */
const EDGE_VALUES: readonly string[] = [
  '  <p>leading <em>space</em></p>',
  '<a is="x-link" href="https://tickets.example.com/a">is</a><p is="x-p">p</p>',
  '<a href="https://tickets.example.com/1"><b><a href="https://tickets.example.com/2">in</a></b></a>',
  '<a href="javascript:alert(1)">js</a> <a href="https://elsewhere.example/x">out</a>',
  '<a href="HTTPS://TICKETS.example.com/%7e" rel="opener" title="t">canon</a>',
  '<x-card data-x=1><foo>kept</foo><table><td>cell</td></table></x-card><img src="https://tickets.example.com/i.png">',
  '<!-- c --><?pi x?><svg><p>out</p></svg><video><p>v</p></video><frameset>',
  // Last: a frameset replaces the body; DOMPurify then reports nothing, the API path the removed element.
  '<frameset onload="alert(1)"><frame src="https://elsewhere.example/"></frameset>',
];

/**
 * Markup without whitespace-only text between tags. Chromium's `replaceWithChildrenElements` puts the
 * whitespace of a table whose content was foster-parented before that content (CommonMark example 193, a
 * `<pre>` inside `<table><tr>`); DOMPurify keeps the parse's order. Nothing else may differ.
 */
function withoutInterElementSpace(html: string): string {
  return html.replace(/>\s+</g, '><');
}

/** Findings as one comparable string, in a fixed order. */
function sorted(findings: readonly Finding[]): string {
  return JSON.stringify(findings.map((finding) => JSON.stringify(finding)).sort());
}

/** The blocked links and images among findings (code, reason and count): what a page watches for. */
function blocking(findings: readonly Finding[]): string {
  return sorted(findings.filter((finding) => /^html\.(?:link|image)_blocked$/.test(finding.code)));
}

/** The HTML of every CommonMark spec example, or none when the corpus is absent. */
function commonMarkHtml(): string[] {
  const corpus = corpusPath('markdown/commonmark');
  if (corpus === undefined) return [];
  const examples = JSON.parse(readFileSync(join(corpus, 'spec.json'), 'utf8')) as Array<{ html: string }>;
  return examples.map((example) => example.html);
}

describe.runIf(chromiumAvailable())('the html sink with and without the HTML Sanitizer API', () => {
  const dist = useTempDir('sanitizer-api');
  let session: DemoSession;
  let groups: InputGroup[];

  beforeAll(async () => {
    session = await startDemoSession(dist);
    groups = inputGroups(session.site.script, [...dompurifyPayloads(), ...commonMarkHtml(), ...EDGE_VALUES]);
  }, 120_000);

  afterAll(() => session.close());

  /** Renders every outcome with the html sink under the demo's CSP; `init` shapes the page first. */
  async function renderAll(init?: string): Promise<{ sanitizerApi: boolean; rendered: Rendered[] }> {
    const page = await openDemoPage(session, 'enforced', init === undefined ? {} : { init });
    const before = session.foreign.length;
    const result = await page.evaluate((groups) => {
      const airlock = (window as unknown as { airlockSinks: typeof Airlock }).airlockSinks;
      const rendered = groups.flatMap(({ egress, outcomes }) => {
        const policy = airlock.defineEgressPolicy(egress);
        return outcomes.map((outcome) => {
          const box = document.createElement('div');
          const { findings } = airlock.renderHtmlInto(box, outcome, { policy });
          return { html: box.innerHTML, findings };
        });
      });
      const sanitizerApi = typeof (Element.prototype as { setHTML?: unknown }).setHTML === 'function';
      return { sanitizerApi, rendered };
    }, groups);
    expect(await countPage(session, page, before)).toEqual(NOTHING_SEEN);
    await page.close();
    return result;
  }

  test('both paths make the same DOM of every DOMPurify fixture, CommonMark example and pack value', async () => {
    const viaApi = await renderAll();
    const viaPurify = await renderAll(WITHOUT_SANITIZER_API);
    expect([viaApi.sanitizerApi, viaPurify.sanitizerApi]).toEqual([true, false]);
    const count = viaApi.rendered.length;
    expect(count).toBeGreaterThan(EDGE_VALUES.length + 800);
    const differentDom = viaApi.rendered.flatMap((api, index) =>
      api.html === viaPurify.rendered[index]?.html ? [] : [index],
    );
    const differentBeyondWhitespace = differentDom.filter(
      (index) =>
        withoutInterElementSpace(viaApi.rendered[index]?.html ?? '') !==
        withoutInterElementSpace(viaPurify.rendered[index]?.html ?? ''),
    );
    const differentBlocking = viaApi.rendered.flatMap((api, index) =>
      blocking(api.findings) === blocking(viaPurify.rendered[index]?.findings ?? []) ? [] : [index],
    );
    const sameFindings = viaApi.rendered.filter(
      (api, index) => sorted(api.findings) === sorted(viaPurify.rendered[index]?.findings ?? []),
    ).length;
    const removing = viaApi.rendered.filter((api) => api.findings.length > 0).length;
    console.log(
      `${String(count)} html values through the Sanitizer API and DOMPurify: ${String(differentDom.length)} ` +
        `different DOMs (${String(differentBeyondWhitespace.length)} beyond whitespace between elements), ${String(differentBlocking.length)} different blocked links or images, ` +
        `${String(sameFindings)} with identical findings, ${String(removing)} with findings on the API path`,
    );
    const codes = (rendered: readonly Rendered[]) => rendered.at(-1)?.findings.map((finding) => finding.code);
    expect([codes(viaApi.rendered), codes(viaPurify.rendered)]).toEqual([['html.element_removed'], []]);
    expect(differentBeyondWhitespace).toEqual([]);
    expect(differentDom.length).toBeLessThanOrEqual(1);
    expect(differentBlocking).toEqual([]);
    expect(removing).toBeGreaterThan(200);
  }, 180_000);
});

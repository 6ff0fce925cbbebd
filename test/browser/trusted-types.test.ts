// Real Chromium: with Trusted Types enforced the sinks render every case as without them, and as 0.2.0 did.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type * as Airlock from '../../src/browser.js';
import { useTempDir } from '../support/temp-dir.js';
import { chromiumAvailable } from './chromium.js';
import { countPage, openDemoPage, type PageMode } from './demo-pages.js';
import { startDemoSession, type DemoSession } from './demo-site.js';
import { digest, readBaseline, writeBaseline } from './dom-baseline.js';
import { dompurifyPayloads, inputGroups, type InputGroup } from './hostile-inputs.js';

/** What the sinks made of one input: the html sink's DOM and the Markdown of the outcome, as `innerHTML`. */
interface Rendered {
  readonly html: string;
  readonly markdown: string;
  /** The Markdown HTML set as a string (the way before `renderMarkdownInto`), where the page allows that. */
  readonly markdownString: string | null;
}

describe.runIf(chromiumAvailable())('the browser sinks with and without Trusted Types', () => {
  const dist = useTempDir('trusted-types');
  const payloads = dompurifyPayloads();
  let session: DemoSession;
  let groups: InputGroup[];

  beforeAll(async () => {
    session = await startDemoSession(dist);
    groups = inputGroups(session.site.script, payloads);
  }, 120_000);

  afterAll(() => session.close());

  /**
   * Renders every input into detached elements with the bundle the page loaded: the html sink, and unless
   * `htmlOnly` (a bundle from before `renderMarkdownInto`), the outcome's Markdown.
   */
  async function renderAll(
    mode: PageMode,
    { sinks, htmlOnly = false }: { readonly sinks?: string; readonly htmlOnly?: boolean } = {},
  ): Promise<Rendered[]> {
    const page = await openDemoPage(session, mode, sinks === undefined ? {} : { sinks });
    const rendered = await page.evaluate(
      ({ groups, asString, htmlOnly }) => {
        const airlock = (window as unknown as { airlockSinks: typeof Airlock }).airlockSinks;
        return groups.flatMap(({ egress, outcomes }) => {
          const policy = airlock.defineEgressPolicy(egress);
          return outcomes.map((outcome): Rendered => {
            const html = document.createElement('div');
            airlock.renderHtmlInto(html, outcome, { policy });
            if (htmlOnly) return { html: html.innerHTML, markdown: '', markdownString: null };
            const source = airlock.renderOutcomeMarkdown(outcome, { policy }).markdown;
            const markdown = document.createElement('div');
            airlock.renderMarkdownInto(markdown, source, { policy, linkify: true });
            const plain = document.createElement('div');
            if (asString) plain.innerHTML = airlock.renderMarkdown(source, { policy, linkify: true }).html;
            const markdownString = asString ? plain.innerHTML : null;
            return { html: html.innerHTML, markdown: markdown.innerHTML, markdownString };
          });
        });
      },
      { groups, asString: mode !== 'enforced', htmlOnly },
    );
    const found = await countPage(session, page, session.foreign.length);
    expect([found.scriptExecutions, found.trustedTypesViolations, found.cspViolationsBySinks]).toEqual([
      0, 0, 0,
    ]);
    await page.close();
    return rendered;
  }

  test('a CSP whose trusted-types leaves agent-airlock out: markup shown as text, and a finding says why', async () => {
    const page = await openDemoPage(session, 'refused');
    const found = await page.evaluate(() => {
      const airlock = (window as unknown as { airlockSinks: typeof Airlock }).airlockSinks;
      const policy = airlock.defineEgressPolicy({ hosts: ['tickets.example.com'] });
      const outcome = {
        ok: true as const,
        data: { body: '<p>Rich <em>text</em></p>' },
        meta: {
          tool: 't',
          schemaVersion: 't.v1',
          requestId: 'req.00000001',
          findings: [],
          purposes: { '/body': 'html' as const },
        },
      };
      const html = document.createElement('div');
      const markdown = document.createElement('div');
      return {
        html: airlock.renderHtmlInto(html, outcome, { policy }).findings,
        htmlText: html.textContent,
        markdown: airlock.renderMarkdownInto(markdown, '*rich*', { policy }).findings,
        markdownText: markdown.innerHTML,
      };
    });
    const asText = (pointer: string) => ({
      code: 'sink.markup_as_text',
      pointer,
      count: 1,
      action: 'cleaned',
      detail: { reason: 'trusted_types_refused' },
    });
    expect(found).toEqual({
      html: [asText('/body')],
      htmlText: 'body<p>Rich <em>text</em></p>',
      markdown: [asText('')],
      markdownText: '*rich*',
    });
    await page.close();
  });

  test('with Trusted Types enforced the sinks render every case as without them, and as 0.2.0 did', async () => {
    const recording = process.env.AIRLOCK_RECORD_DOM_BASELINE;
    const inputs = groups.flatMap((group) => group.outcomes);
    if (recording !== undefined) {
      const old = await renderAll('no-trusted-types', { sinks: recording, htmlOnly: true });
      const note = 'renderHtmlInto of agent-airlock 0.2.0 in Chromium without Trusted Types';
      writeBaseline(
        note,
        inputs,
        old.map((entry) => entry.html),
      );
    }
    const enforced = await renderAll('enforced');
    const open = await renderAll('open');
    const without = await renderAll('no-trusted-types');
    // Enforced: the same html and Markdown; absent: the same too, and Markdown as its string used to be set.
    expect(enforced.map(({ html, markdown }) => ({ html, markdown }))).toEqual(
      open.map(({ html, markdown }) => ({ html, markdown })),
    );
    expect(without).toEqual(open);
    expect(open.filter((entry) => entry.markdownString !== entry.markdown)).toEqual([]);
    expect(enforced.filter((entry) => entry.html === '' || entry.markdown === '')).toEqual([]);
    const baseline = readBaseline().outputs;
    const compared = inputs.flatMap((input, index) => {
      const recorded = baseline[digest(JSON.stringify(input))];
      return recorded === undefined ? [] : [{ index, recorded, now: digest(without[index]?.html ?? '') }];
    });
    console.log(
      `byte identity: ${String(inputs.length)} inputs (shipped cases and DOMPurify fixtures) render alike with ` +
        `Trusted Types enforced, present and absent; ${String(compared.length)} of them compared with 0.2.0's output`,
    );
    expect(compared.filter((entry) => entry.recorded !== entry.now)).toEqual([]);
    expect(compared.length).toBeGreaterThanOrEqual(payloads.length);
  }, 180_000);
});

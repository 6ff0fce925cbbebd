// Real Chromium: every DOMPurify fixture through ToolOutput and renderHtmlInto, with the demo's CSP and without.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type * as Airlock from '../../src/browser.js';
import { HTML_LINK_REL } from '../../src/purposes/html/profile.js';
import { useTempDir } from '../support/temp-dir.js';
import { chromiumAvailable } from './chromium.js';
import { countPage, openDemoPage } from './demo-pages.js';
import { startDemoSession, type DemoSession } from './demo-site.js';
import { auditDom } from './dom-audit.js';
import { dompurifyPayloads, FIXTURE_HOST, payloadOutcome, payloadScript } from './hostile-inputs.js';
import { readProbe } from './page-probe.js';

describe.runIf(chromiumAvailable())('hostile markup in the demo page', () => {
  const dist = useTempDir('hostile-markup');
  const payloads = dompurifyPayloads();
  let session: DemoSession;

  beforeAll(async () => {
    session = await startDemoSession(dist);
  }, 120_000);

  afterAll(() => session.close());

  test.each(['enforced', 'open'] as const)(
    'every DOMPurify fixture through ToolOutput and renderHtmlInto runs nothing and loads nothing (CSP: %s)',
    async (mode) => {
      const before = session.foreign.length;
      const page = await openDemoPage(session, mode, { script: payloadScript(payloads) });
      await page.waitForSelector('main[aria-busy="false"]', { timeout: 30_000 });
      // The page rendered each payload through ToolOutput; each is rendered again by renderHtmlInto, attached.
      const containers = await page.evaluate(
        ({ outcomes, hosts }) => {
          const airlock = (window as unknown as { airlockSinks: typeof Airlock }).airlockSinks;
          const policy = airlock.defineEgressPolicy({ hosts });
          const ids = Array.from(document.querySelectorAll('[data-airlock-output]'), (output, index) => {
            output.id = `react-${String(index)}`;
            return output.id;
          });
          for (const [index, outcome] of outcomes.entries()) {
            const box = document.createElement('div');
            box.id = `plain-${String(index)}`;
            document.body.append(box);
            airlock.renderHtmlInto(box, outcome, { policy });
            ids.push(box.id);
          }
          return ids;
        },
        { outcomes: payloads.map(payloadOutcome), hosts: [FIXTURE_HOST] },
      );
      expect(containers).toHaveLength(payloads.length * 2);
      const found = await countPage(session, page, before);
      const audit = await page.evaluate(auditDom, {
        containers,
        allowedOrigins: [`https://${FIXTURE_HOST}`],
        rel: HTML_LINK_REL,
      });
      const raws = await page.locator('.raw').allTextContents();
      console.log(
        `${String(payloads.length)} DOMPurify fixtures through ToolOutput and renderHtmlInto (CSP ${mode}): ` +
          `${JSON.stringify(found)}; ${String(audit.problems.length)} live elements or attributes`,
      );
      // Not even DOMPurify's parse of the hostile input files a report: a page with `report-to` gets none.
      expect({ ...found, problems: audit.problems }).toEqual({
        scriptExecutions: 0,
        foreignRequests: 0,
        trustedTypesViolations: 0,
        cspViolationsBySinks: 0,
        inertDocumentReports: 0,
        problems: [],
      });
      expect(raws).toEqual(payloads);
      await page.close();
    },
    120_000,
  );

  test('controls: the detectors see a dialog, a foreign request and a Trusted Types violation', async () => {
    const before = session.foreign.length;
    const open = await openDemoPage(session, 'open');
    await open.evaluate(() => {
      document.body.insertAdjacentHTML(
        'beforeend',
        '<img src="https://evil.example/c.png" onerror="alert(1)">',
      );
    });
    await open.waitForFunction(
      () => (window as unknown as { __airlockProbe: { dialogs: number } }).__airlockProbe.dialogs > 0,
    );
    expect(session.foreign.slice(before)).toEqual(['https://evil.example/c.png']);
    await open.close();
    const enforced = await openDemoPage(session, 'enforced');
    const refused = await enforced.evaluate(() => {
      try {
        document.body.innerHTML = '<b>a string</b>';
        return false;
      } catch (error) {
        return error instanceof TypeError;
      }
    });
    expect(refused).toBe(true);
    const probe = await readProbe(enforced);
    expect(probe.violations.map((violation) => violation.directive)).toEqual(['require-trusted-types-for']);
    await enforced.close();
    session.foreign.splice(before);
  });
});

// Opens the demo's page the ways the browser tests need it, and counts what the page saw.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { SCRIPT_PATH, type DemoScript } from '../../src/demo/script.js';
import type { DemoSession } from './demo-site.js';
import {
  dompurifyLines,
  importInPage,
  NO_TRUSTED_TYPES_SCRIPT,
  readProbe,
  summarizeViolations,
} from './page-probe.js';

/**
 * How the page is served: with the demo's CSP, without any CSP, without CSP in a browser lacking TT, or with
 * the demo's CSP whose `trusted-types` directive leaves `agent-airlock` out (`refused`).
 */
export type PageMode = 'enforced' | 'open' | 'no-trusted-types' | 'refused';

/** Where the page loads the sinks' bundle from; the tests keep it as `window.airlockSinks`. */
export const SINKS_PATH = '/assets/airlock-sinks.js';

/** Time for late payloads (error and load handlers, autofocus, toggle, meta refresh) to fire if they survived. */
const SETTLE_MS = 1_000;

/**
 * Opens the demo page in a mode, with the sinks' bundle as `window.airlockSinks`; `script` replaces the
 * conversation it fetches, `sinks` the bundle file it loads, and `init` runs before any page script.
 */
export async function openDemoPage(
  { site, browser }: DemoSession,
  mode: PageMode,
  {
    script,
    sinks,
    init,
  }: { readonly script?: DemoScript; readonly sinks?: string; readonly init?: string } = {},
): Promise<Page> {
  const page = await browser.context.newPage();
  if (mode !== 'enforced') {
    await page.route(site.server.url, async (route) => {
      const response = await route.fetch();
      const headers = Object.fromEntries(
        Object.entries(response.headers()).flatMap(([name, value]): Array<[string, string]> => {
          if (name !== 'content-security-policy') return [[name, value]];
          if (mode !== 'refused') return [];
          return [[name, value.replace(/trusted-types [^;]*/, 'trusted-types another-policy')]];
        }),
      );
      await route.fulfill({ response, headers });
    });
  }
  if (mode === 'no-trusted-types') await page.addInitScript(NO_TRUSTED_TYPES_SCRIPT);
  if (init !== undefined) await page.addInitScript(init);
  if (script !== undefined) {
    await page.route(site.origin + SCRIPT_PATH, (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify(script) }),
    );
  }
  if (sinks !== undefined) {
    await page.route(site.origin + SINKS_PATH, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: readFileSync(sinks, 'utf8') }),
    );
  }
  await page.goto(site.server.url);
  await importInPage(page, SINKS_PATH, 'airlockSinks');
  return page;
}

/** What a page saw, counted: everything the sinks must never cause, and DOMPurify's inert-document reports. */
export interface PageCounts {
  readonly scriptExecutions: number;
  readonly foreignRequests: number;
  readonly trustedTypesViolations: number;
  readonly cspViolationsBySinks: number;
  readonly inertDocumentReports: number;
}

/** The counts of a page where nothing ran, loaded or was reported. */
export const NOTHING_SEEN: PageCounts = Object.freeze({
  scriptExecutions: 0,
  foreignRequests: 0,
  trustedTypesViolations: 0,
  cspViolationsBySinks: 0,
  inertDocumentReports: 0,
});

/** Lets late payloads fire, then counts; `from` is how many foreign requests there were before the page. */
export async function countPage(
  { site, foreign }: DemoSession,
  page: Page,
  from: number,
): Promise<PageCounts> {
  await page.waitForTimeout(SETTLE_MS);
  const probe = await readProbe(page);
  const violations = summarizeViolations(
    probe.violations,
    site.origin + SINKS_PATH,
    dompurifyLines(site.sinksBundle),
  );
  return {
    scriptExecutions: probe.dialogs,
    foreignRequests: foreign.length - from,
    trustedTypesViolations: violations.trustedTypes.length,
    cspViolationsBySinks: violations.sinksOwnCode.length,
    inertDocumentReports: violations.inertDocument.length,
  };
}

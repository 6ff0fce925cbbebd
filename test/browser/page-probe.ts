// Watches a page for what hostile output must never cause: dialogs, requests off the origin, CSP and TT violations.
import type { BrowserContext, Page } from 'playwright-core';

/** One `securitypolicyviolation` event, as the page saw it. */
export interface Violation {
  readonly directive: string;
  readonly blocked: string;
  readonly source: string;
  readonly line: number;
  readonly column: number;
}

/** Counted in the page: dialogs opened (`alert`, `confirm`, `prompt`, `print`) and violations reported. */
export interface ProbeState {
  readonly dialogs: number;
  readonly violations: readonly Violation[];
}

/**
 * Installed before any page script runs: replaces the dialog functions with counters (a payload that runs calls
 * one of them) and records every `securitypolicyviolation` event with the code location that caused it.
 */
export const PROBE_SCRIPT = `(() => {
  const probe = { dialogs: 0, violations: [] };
  Object.defineProperty(window, '__airlockProbe', { value: probe });
  for (const name of ['alert', 'confirm', 'prompt', 'print']) window[name] = () => { probe.dialogs++; };
  document.addEventListener('securitypolicyviolation', (event) => {
    probe.violations.push({
      directive: event.effectiveDirective, blocked: event.blockedURI,
      source: event.sourceFile, line: event.lineNumber, column: event.columnNumber,
    });
  }, true);
})();`;

/** Makes the page look like a browser without Trusted Types (installed after {@link PROBE_SCRIPT}). */
export const NO_TRUSTED_TYPES_SCRIPT = `Object.defineProperty(window, 'trustedTypes', { value: undefined });`;

/** Reads the counters and empties the violation list. */
export async function readProbe(page: Page): Promise<ProbeState> {
  return page.evaluate(() => {
    const probe = (window as unknown as { __airlockProbe: { dialogs: number; violations: Violation[] } })
      .__airlockProbe;
    return { dialogs: probe.dialogs, violations: probe.violations.splice(0) };
  });
}

/** Requests to anywhere but the origin, recorded and then aborted so nothing leaves the machine. */
export async function guardRequests(context: BrowserContext, origin: string): Promise<string[]> {
  const foreign: string[] = [];
  context.on('request', (request) => {
    if (!request.url().startsWith(`${origin}/`)) foreign.push(request.url());
  });
  await context.route('**/*', (route) =>
    route.request().url().startsWith(`${origin}/`) ? route.continue() : route.abort(),
  );
  return foreign;
}

/** The lines of the sinks' bundle that hold DOMPurify (1-based, `from` inclusive, `to` exclusive). */
export interface BundleLines {
  readonly from: number;
  readonly to: number;
}

/** Where DOMPurify is in the sinks' bundle: from its module comment to the next module's. */
export function dompurifyLines(bundle: string): BundleLines {
  const lines = bundle.split('\n');
  const from = lines.findIndex((line) => line.startsWith('// node_modules/dompurify/')) + 1;
  const next = lines.findIndex((line, index) => index >= from && line.startsWith('// '));
  if (from === 0 || next === -1) throw new Error('DOMPurify was not found in the sinks bundle');
  return { from, to: next + 1 };
}

/** Violations split by cause: Trusted Types, DOMPurify's work in its inert document, and everything else. */
export interface ViolationSummary {
  readonly trustedTypes: readonly Violation[];
  readonly inertDocument: readonly Violation[];
  readonly sinksOwnCode: readonly Violation[];
}

/**
 * Sorts violations. A Trusted Types violation (`require-trusted-types-for`, `trusted-types`) always counts
 * against the sinks. DOMPurify parses the hostile input into an inert document of its own, which inherits the
 * page's CSP, and removes and moves nodes there; Chromium reports the inline handlers, styles and `<base>` it
 * meets in that document although the document never runs or loads anything. Those reports come from
 * DOMPurify's own lines (it returns that document's body, never touching the live page) and are counted apart.
 * Every other violation comes from code that writes to the live page — the sinks' own, React's or the demo's —
 * and counts against the sinks.
 */
export function summarizeViolations(
  violations: readonly Violation[],
  bundleUrl: string,
  purify: BundleLines,
): ViolationSummary {
  const isTrustedTypes = (violation: Violation): boolean =>
    violation.directive === 'require-trusted-types-for' || violation.directive === 'trusted-types';
  const isInert = (violation: Violation): boolean =>
    violation.source === bundleUrl && violation.line >= purify.from && violation.line < purify.to;
  return {
    trustedTypes: violations.filter(isTrustedTypes),
    inertDocument: violations.filter((violation) => !isTrustedTypes(violation) && isInert(violation)),
    sinksOwnCode: violations.filter((violation) => !isTrustedTypes(violation) && !isInert(violation)),
  };
}

/**
 * Imports a module of the page's origin in the page and keeps it as `window[name]`. The import is written as
 * text so the test runner's transform cannot rewrite `import()` inside a function it would serialize.
 */
export async function importInPage(page: Page, path: string, name: string): Promise<void> {
  await page.evaluate(
    `import(${JSON.stringify(path)}).then((module) => { window[${JSON.stringify(name)}] = module; })`,
  );
}

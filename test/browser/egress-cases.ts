// URLs whose egress decision the browser build must share with Node: hostile forms, plus WPT's parser inputs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { UrlDecision } from '../../src/egress/check-url.js';
import { corpusPath } from '../support/corpora.js';

/** Schemes, hosts, address forms and look-alikes that a sink must decide exactly as the gate does. */
export const EGRESS_CASES: readonly string[] = Object.freeze([
  'https://tickets.example.com/t/42',
  'https://TICKETS.example.com./t/42',
  'https://evil.example/?d=SECRET',
  'https://a.example.org/x',
  'http://tickets.example.com/',
  'https://tickets.example.com:8443/',
  'https://user:pw@tickets.example.com/',
  'javascript:alert(1)',
  ' JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD4=',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  '//evil.example/',
  '\\\\evil.example\\x',
  '/relative',
  '',
  'https://127.0.0.1/',
  'https://0x7f.1/',
  'https://2130706433/',
  'https://[::1]/',
  'https://[::ffff:7f00:1]/',
  'https://169.254.169.254/latest/meta-data/',
  'https://metadata.google.internal/',
  'https://localhost/',
  'https://intranet/',
  'https://93.184.215.14/',
  'https://xn--80ak6aa92e.com/',
  'https://аррӏе.com/',
  'https://bücher.example/',
  'https://tickets.example.com/?' + 'a=1&'.repeat(40),
  'https://tickets.example.com/' + 'x'.repeat(3000),
]);

/** Every input of WPT's URL parser tests that has no base (skipped with the corpus outside CI). */
export function wptUrlInputs(): string[] {
  const corpus = corpusPath('url/wpt');
  if (corpus === undefined) return [];
  const entries = JSON.parse(readFileSync(join(corpus, 'urltestdata.json'), 'utf8')) as unknown[];
  return entries.flatMap((entry) =>
    typeof entry === 'object' && entry !== null && 'input' in entry && 'base' in entry && entry.base === null
      ? [String(entry.input)]
      : [],
  );
}

/** A decision without its findings' order mattering: allowed with the href, or the block reason. */
export function decisionSummary(decision: UrlDecision): string {
  return decision.allowed ? `allowed ${decision.href}` : `blocked ${decision.reason}`;
}

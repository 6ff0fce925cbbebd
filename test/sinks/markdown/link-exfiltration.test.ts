// Markdown link exfiltration: under a policy that names no hosts, no rendered link or image carries a query or fragment.
import { decodeHTML } from 'entities';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../sinks/markdown/render.js';
import { DEFAULT_EGRESS_POLICY, defineEgressPolicy } from '../../../src/egress/policy.js';
import type { ImageMode } from '../../../sinks/markdown/options.js';

/** Hosts nobody listed, in the spellings an injected answer might use. */
const HOSTS = ['attacker.example', 'ATTACKER.example', 'cdn.evil.example', 'münchen-logs.example'];

/** Paths, then what carries the data: a query, a fragment or both, spelled plainly or encoded. */
const PATHS = ['/logo.png', '/', ''];
const CARRIERS = [
  '?q=SECRET',
  '?a=1&q=SECRET',
  '?SECRET',
  '#SECRET',
  '?q=SECRET#top',
  '?q=%53%45%43%52%45%54',
  '?q=SECRET%20KEY%26more',
  '&#63;q=SECRET',
  '\\?q=SECRET',
  '&#x3F;q=SECRET&#35;x',
];

/** Link and image forms: inline, titled, angle brackets, reference, autolink, bare (with linkify), nested. */
const FORMS: ReadonlyArray<(alt: string, url: string) => string> = [
  (alt, url) => `![${alt}](${url})`,
  (alt, url) => `[${alt}](${url})`,
  (alt, url) => `![${alt}](${url} "title")`,
  (alt, url) => `[${alt}](<${url}>)`,
  (alt, url) => `![${alt}][r]\n\n[r]: ${url}`,
  (alt, url) => `[${alt}][]\n\n[${alt || 'r'}]: ${url}`,
  (alt, url) => `[${alt || 'r'}]\n\n[${alt || 'r'}]: <${url}> "t"`,
  (alt, url) => `[![${alt}](${url})](${url})`,
  (_alt, url) => `<${url}>`,
  (_alt, url) => `Status: ${url} please review.`,
];

const ALTS = ['image', '', 'logo *x*'];

/** Every combination, each a distinct Markdown source. */
function exfiltrationSources(): string[] {
  const sources = new Set<string>();
  for (const host of HOSTS)
    for (const path of PATHS)
      for (const carrier of CARRIERS)
        for (const form of FORMS)
          for (const alt of ALTS) sources.add(form(alt, `https://${host}${path}${carrier}`));
  return [...sources];
}

/** The decoded `href` and `src` values in rendered HTML. */
function urlsIn(html: string): string[] {
  return [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((match) => decodeHTML(match[1] ?? ''));
}

function carriesData(url: string): boolean {
  const parsed = new URL(url);
  return parsed.search !== '' || parsed.hash !== '';
}

const OPTION_SETS: ReadonlyArray<{ readonly images: ImageMode; readonly linkify: boolean }> = [
  { images: 'allowlisted', linkify: true },
  { images: 'link', linkify: false },
  { images: 'alt', linkify: true },
];

describe("links under the default policy (hosts: 'any')", () => {
  const sources = exfiltrationSources();

  it('generates enough distinct inputs', () => {
    expect(sources.length).toBeGreaterThanOrEqual(2600);
  });

  it.each(OPTION_SETS)('no href or src carries a query or fragment (%o)', (options) => {
    let blocked = 0;
    let linked = 0;
    for (const source of sources) {
      const { html, findings } = renderMarkdown(source, { policy: DEFAULT_EGRESS_POLICY, ...options });
      const urls = urlsIn(html);
      expect(html).not.toContain('<img');
      expect(urls.filter(carriesData), source).toEqual([]);
      if (findings.some((finding) => finding.detail?.reason === 'query_budget')) blocked++;
      // A link can remain only where the parser ended the URL before its data (`host\?q=…` links the host).
      else if (urls.length > 0) linked++;
    }
    expect(blocked).toBeGreaterThanOrEqual(2600);
    console.log(
      `markdown exfiltration (${options.images}, linkify ${String(options.linkify)}): ` +
        `${String(sources.length)} inputs, ${String(blocked)} blocked as query_budget, ` +
        `${String(linked)} linked without their data, 0 links carrying a query or fragment`,
    );
  });

  it('keeps links and image links without a query or fragment clickable, so the rule is not a blanket ban', () => {
    const { html } = renderMarkdown(
      '[docs](https://docs.example/guide) ![logo](https://cdn.evil.example/logo.png) https://a.example/x',
      { policy: DEFAULT_EGRESS_POLICY, linkify: true },
    );
    expect(urlsIn(html)).toEqual([
      'https://docs.example/guide',
      'https://cdn.evil.example/logo.png',
      'https://a.example/x',
    ]);
  });
});

describe('links under an allowlist', () => {
  const listed = defineEgressPolicy({ hosts: ['tickets.example.com'] });

  it('keeps the query and fragment of a listed host, within the query budget, as before', () => {
    const { html } = renderMarkdown('[t](https://tickets.example.com/t/42?tab=history#c3)', {
      policy: listed,
    });
    expect(urlsIn(html)).toEqual(['https://tickets.example.com/t/42?tab=history#c3']);
  });

  it('refuses every generated input, its host being unlisted', () => {
    for (const source of exfiltrationSources()) {
      const { html } = renderMarkdown(source, { policy: listed, linkify: true });
      expect(urlsIn(html), source).toEqual([]);
    }
  });
});

// markdown-it's own security fixtures through the sink: each passes, or differs in a listed, explained way.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../sinks/markdown/render.js';
import { corpusPath } from '../../support/corpora.js';
import { CONFORMANCE_POLICY, withoutSinkRel } from './conformance.js';

interface FixtureCase {
  readonly header: string;
  readonly line: number;
  readonly markdown: string;
  readonly html: string;
}

/**
 * Why an output differs from the fixture (which upstream renders with `html: true, typographer: true,
 * langPrefix: ''`). `blocked`: the egress policy refused these reasons, so the Markdown stays text — the
 * fixture links it. `options`: the sink's fixed options (`html: false`, `typographer: false`, default
 * `langPrefix`) explain it; the output then equals plain markdown-it with those options.
 */
type Difference = { readonly blocked: string } | { readonly options: string };

const DIFFERENCES: Readonly<Record<string, Difference>> = Object.freeze({
  'xss:0': { blocked: 'relative' }, // [normal link](javascript): no scheme
  'xss:27': { blocked: 'relative+scheme' }, // entity-encoded "><script> and &#74;avascript: paths
  'xss:56': { blocked: 'scheme' }, // a data:image/gif image, which markdown-it allows
  'xss:68': { blocked: 'relative' }, // /javascript:link
  'xss:114': { options: 'langPrefix: the sink keeps the default "language-" class prefix' },
  'fatal:1': { blocked: 'relative' }, // %25test
  'fatal:9': { blocked: 'relative' }, // %C3
  'fatal:17': { blocked: 'relative' }, // a lone surrogate reference
  'fatal:25': { options: 'html: false and typographer: false: the comment stays text, -- stays --' },
  'proto:0': { blocked: 'relative' }, // [__proto__]: blah
  'proto:9': { blocked: 'relative' }, // [hasOwnProperty]: blah
  'normalize:17': { blocked: 'query_budget' }, // a query, and the policy names no hosts
  'normalize:40': { blocked: 'unparseable' }, // invalid punycode host xn--xn.com
  'normalize:56': { blocked: 'relative' }, // //☃.net/: protocol-relative
  'normalize:64': { blocked: 'scheme' }, // skype:
  'normalize:84': { blocked: 'relative' }, // linkified //xn--n3h.net/
  'normalize:90': { blocked: 'scheme' }, // linkified e-mail becomes mailto:
  'linkify:1': { blocked: 'query_budget' }, // a linkified URL with a query, and the policy names no hosts
  'linkify:25': { options: 'html: false: the raw <a> tag stays text; its URL is linkified' },
  'linkify:105': { blocked: 'scheme' }, // e-mail addresses become mailto:
  'linkify:132': { options: 'html: false: a stray </a> cannot trick linkify into nested links' },
  'linkify:140': { blocked: 'query_budget' }, // a linkified URL with a query, and the policy names no hosts
});

const corpus = corpusPath('markdown/markdown-it');
const FILES = ['xss', 'fatal', 'proto', 'normalize', 'linkify'] as const;

describe.runIf(corpus !== undefined)("markdown-it's fixtures", () => {
  it('pass under the sink options, or differ only as listed', () => {
    const plain = new MarkdownIt('default', { html: false, linkify: true });
    const mismatches: string[] = [];
    const seen = new Set<string>();
    let passed = 0;
    let total = 0;
    for (const file of FILES) {
      const cases = JSON.parse(readFileSync(join(corpus ?? '', `${file}.json`), 'utf8')) as FixtureCase[];
      for (const fixture of cases) {
        total++;
        const key = `${file}:${String(fixture.line)}`;
        expect(seen.has(key), `${key} is not unique`).toBe(false);
        seen.add(key);
        const ours = renderMarkdown(fixture.markdown, { policy: CONFORMANCE_POLICY, linkify: true });
        const html = withoutSinkRel(ours.html);
        const listed = DIFFERENCES[key];
        const reasons = [...new Set(ours.findings.map((finding) => String(finding.detail?.reason)))]
          .sort()
          .join('+');
        if (html === fixture.html && listed === undefined) passed++;
        else if (listed === undefined) mismatches.push(`${key}: differs and is not listed`);
        else if (html === fixture.html) mismatches.push(`${key}: listed but passes`);
        else if ('blocked' in listed && reasons !== listed.blocked)
          mismatches.push(`${key}: blocked ${reasons}`);
        else if ('options' in listed && html !== plain.render(fixture.markdown))
          mismatches.push(`${key}: not options`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(seen.size).toBe(total);
    const listed = Object.values(DIFFERENCES);
    const blocked = listed.filter((difference) => 'blocked' in difference).length;
    console.log(
      `markdown-it fixtures: ${String(total)} cases, ${String(passed)} pass as upstream, ` +
        `${String(blocked)} safer because the policy blocks a URL, ${String(listed.length - blocked)} from sink options`,
    );
  });
});

// The html proof path against the DOMPurify path: byte-identical markup over the corpora and generated profile markup.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import { defineEgressPolicy } from '../../src/egress/policy.js';
import type { HtmlPolicies } from '../../src/purposes/html/dom.js';
import { resolveHtmlOptions } from '../../src/purposes/html/options.js';
import { htmlParser, type HtmlParser } from '../../src/purposes/html/parser.js';
import { mayBeClean } from '../../src/purposes/html/prefilter.js';
import { HTML_ALLOWED_TAGS } from '../../src/purposes/html/profile.js';
import { proveCleanHtml } from '../../src/purposes/html/proof.js';
import { sanitizeHtml } from '../../src/purposes/html/sanitize-html.js';
import { loadHtmlDom, type HtmlDom } from '../../src/purposes/html/window.js';
import { corpusPath } from '../support/corpora.js';

const LINK_HOST = 'docs.example.com';
const IMAGE_HOST = 'img.example.com';
const LINKS = defineEgressPolicy({ hosts: [LINK_HOST, 'example.com'], schemes: ['https', 'http'] });
const IMAGES = defineEgressPolicy({ hosts: [IMAGE_HOST] });

/** The policy sets every input is checked under: the defaults, and host lists with images allowed. */
const POLICY_SETS: readonly {
  readonly name: string;
  readonly options: Parameters<typeof sanitizeHtml>[1];
}[] = [
  { name: 'defaults', options: {} },
  { name: 'link hosts and images', options: { policy: LINKS, images: IMAGES } },
];

function policiesOf(options: Parameters<typeof sanitizeHtml>[1]): HtmlPolicies {
  return resolveHtmlOptions(options);
}

let parser: HtmlParser;
let dom: HtmlDom;

beforeAll(async () => {
  parser = htmlParser();
  dom = await loadHtmlDom();
});

function readCorpus<T>(relative: string, file: string): T[] {
  const path = corpusPath(relative);
  return path === undefined ? [] : (JSON.parse(readFileSync(join(path, file), 'utf8')) as T[]);
}

/** Links rewritten to canonical URLs of the allowed host, and the fixed rel taken out: markup a clean source sends. */
function asCleanSource(html: string): string {
  let n = 0;
  return html
    .replaceAll(/ rel="[^"]*"/g, '')
    .replaceAll(/href="[^"]*"/g, () => `href="https://${LINK_HOST}/kb/${String(n++)}"`)
    .replaceAll(/src="[^"]*"/g, () => `src="https://${IMAGE_HOST}/i/${String(n++)}.png"`);
}

/**
 * Forces both paths on one value with `<` (the purpose answers any other value without either path; DOMPurify
 * given an empty string parses a comment of its own): the proof (when it accepts) must give exactly the DOMPurify path's markup and
 * kept links, and DOMPurify must have found nothing. Returns whether the proof accepted.
 */
function expectSamePaths(value: string, policies: HtmlPolicies): boolean {
  if (!value.includes('<')) return false;
  const proven = proveCleanHtml(value, policies, parser);
  const purified = dom.sanitize(value, policies);
  if (proven === undefined) return false;
  expect({ html: proven.html, keptLinks: proven.keptLinks, findings: [] }).toEqual({
    html: purified.html,
    keptLinks: purified.keptLinks,
    findings: purified.findings,
  });
  return true;
}

function corpusInputs(): string[] {
  const payloads = readCorpus<{ payload: string }>('xss/dompurify', 'expect.json').map((f) => f.payload);
  const commonmark = readCorpus<{ html: string }>('markdown/commonmark', 'spec.json').map((e) => e.html);
  const markdownIt = readCorpus<{ html: string }>('markdown/markdown-it', 'xss.json').map((e) => e.html);
  return [...payloads, ...commonmark, ...markdownIt].filter((value) => value.includes('<'));
}

describe('the proof path and the DOMPurify path', () => {
  it('give byte-identical markup over the XSS fixtures, the markdown corpora and their cleaned forms', () => {
    const inputs = corpusInputs();
    if (inputs.length === 0) return;
    for (const { name, options } of POLICY_SETS) {
      const policies = policiesOf(options);
      const derived = inputs.map((input) => asCleanSource(dom.sanitize(input, policies).html));
      let proven = 0;
      for (const value of [...inputs, ...derived, ...inputs.map(asCleanSource)]) {
        if (expectSamePaths(value, policies)) proven++;
      }
      // The comparison means something only if the proof accepts a good share of what a clean source sends.
      expect(proven, name).toBeGreaterThan(inputs.length / 2);
    }
  });

  it('agree on every hostile fixture: the proof refuses all that DOMPurify changes', () => {
    const payloads = readCorpus<{ payload: string }>('xss/dompurify', 'expect.json').map((f) => f.payload);
    for (const { options } of POLICY_SETS) {
      const policies = policiesOf(options);
      for (const payload of payloads) {
        const purified = dom.sanitize(payload, policies);
        const changed = purified.findings.length > 0;
        if (changed) expect(proveCleanHtml(payload, policies, parser)).toBeUndefined();
        else expectSamePaths(payload, policies);
      }
    }
  });

  it('give byte-identical results through sanitizeHtml whichever path answers', async () => {
    const inputs = corpusInputs();
    if (inputs.length === 0) return;
    const policies = policiesOf({});
    for (const value of [...inputs, ...inputs.map(asCleanSource)]) {
      const result = await sanitizeHtml(value);
      const purified = dom.sanitize(value, policies);
      if (!result.ok) {
        expect(result.findings.map((finding) => finding.code)).toContain('html.expansion_exceeded');
        continue;
      }
      expect(result.value).toBe(purified.html);
      const grown = (code: string): boolean => code === 'html.expanded';
      expect(result.findings.filter((finding) => !grown(finding.code))).toEqual(purified.findings);
    }
  });
});

/** Text pieces: character references, stray `<` and `>`, quotes, whitespace the parser treats specially. */
const TEXT = fc
  .array(
    fc.constantFrom(
      'ab',
      ' ',
      '\n',
      '\t',
      '\r',
      '\f',
      '\0',
      '&amp;',
      '&lt;',
      '&',
      ' < ',
      '>',
      '"',
      "'",
      '&nbsp;',
      '\u00a0',
      'é',
      '&#x3c;b',
      '{{x}}',
    ),
    { maxLength: 5 },
  )
  .map((pieces) => pieces.join(''));
/** Now and then something outside the profile, so refusals are compared too. */
const STRAY = fc.constantFrom(
  '<b>x</b>',
  '<p class="x">',
  '<!-- c -->',
  '<a href="javascript:x()">j</a>',
  '<br/>',
  '</p>',
);
/** Every profile tag, the image, and some in upper case (the parser lower-cases tag names). */
const TAGS = [...HTML_ALLOWED_TAGS, 'img', 'P', 'Em', 'A'];
const PATHS = fc.constantFrom('kb/1', 'a b', 'x?y=1', 'Ä', 'f#g', '', 'kb/%41');

function openTag(tag: string, path: string): string {
  if (tag.toLowerCase() === 'a') return `<${tag} href="https://${LINK_HOST}/${path}">`;
  if (tag === 'img') return `<img src="https://${IMAGE_HOST}/${path}" alt="a ${path}">`;
  return `<${tag}>`;
}

const MARKUP = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { maxDepth: 4 },
    TEXT,
    STRAY,
    fc
      .tuple(fc.constantFrom(...TAGS), fc.array(tie('node'), { maxLength: 4 }), PATHS)
      .map(([tag, children, path]) =>
        ['br', 'img'].includes(tag)
          ? openTag(tag, path)
          : `${openTag(tag, path)}${children.join('')}</${tag}>`,
      ),
  ),
})).node;

describe('generated profile markup', () => {
  it('gets byte-identical markup from both paths, and the source scan lets clean markup through', () => {
    let proven = 0;
    fc.assert(
      fc.property(
        fc.array(MARKUP, { maxLength: 4 }),
        fc.constantFrom('', ' ', '\n\t', '\r\n'),
        (nodes, lead) => {
          const value = lead + nodes.join('');
          for (const { options } of POLICY_SETS) {
            const policies = policiesOf(options);
            if (!expectSamePaths(value, policies)) continue;
            proven++;
            expect(mayBeClean(value, policies.images !== undefined)).toBe(true);
          }
        },
      ),
      { numRuns: 600 },
    );
    expect(proven).toBeGreaterThan(100);
  });
});

describe('text without `<`', () => {
  it('is written by parse5 exactly as a jsdom template writes it back', () => {
    const template = new JSDOM('').window.document.createElement('template');
    const pieces = [
      'a',
      ' ',
      '&amp;',
      '&',
      '&nbsp;',
      '&lt;',
      '&#0;',
      '&#x110000;',
      '&notin;',
      '&noti',
      '\0',
      '\r\n',
      '\f',
      '"',
      '>',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 8 }), (parts) => {
        const value = parts.join('');
        template.innerHTML = value;
        expect(parser.serializeText(value)).toBe(template.innerHTML);
      }),
      { numRuns: 400 },
    );
  });
});

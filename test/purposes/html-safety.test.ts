// The html purpose against hostile markup: DOMPurify's own fixtures and classic mXSS, checked by parsing the output.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { URL_BLOCK_REASONS } from '../../src/egress/reasons.js';
import { defineEgressPolicy } from '../../src/egress/policy.js';
import { sanitizeHtml } from '../../src/purposes/html/sanitize-html.js';
import { HTML_FINDING_CODES } from '../../src/purposes/html/findings.js';
import type { HtmlOptions } from '../../src/purposes/html/options.js';
import { HTML_ALLOWED_TAGS, HTML_LINK_REL } from '../../src/purposes/html/profile.js';
import type { Finding } from '../../src/vocabulary/finding.js';
import { corpusPath } from '../support/corpora.js';

/** An independent parser: a fresh jsdom document, as a page would parse the output with innerHTML. */
const inspector = new JSDOM('<!doctype html><body><div id="host"></div></body>').window;
const host = inspector.document.getElementById('host')!;

const SCRIPT_CAPABLE = new Set([
  'script',
  'iframe',
  'frame',
  'object',
  'embed',
  'svg',
  'math',
  'style',
  'link',
  'meta',
  'base',
  'form',
  'template',
  'noscript',
  'applet',
  'portal',
]);
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'data',
  'poster',
  'background',
  'srcset',
  'codebase',
  'cite',
  'ping',
]);
const FORBIDDEN_SCHEMES = /^(?:javascript|data|vbscript):/;
const IMAGE_POLICY = defineEgressPolicy({ hosts: ['img.example.com'] });

/** Every way the output could be unsafe, found by walking the parsed output (empty when it is safe). */
function violations(html: string, images: boolean): string[] {
  host.innerHTML = html;
  const found: string[] = [];
  const allowed = new Set([...HTML_ALLOWED_TAGS, ...(images ? ['img'] : [])]);
  const walker = inspector.document.createTreeWalker(host, 0xffffffff);
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    if (node.nodeType === 3) continue;
    if (node.nodeType !== 1) {
      found.push(`node type ${node.nodeType}`);
      continue;
    }
    const element = node as Element;
    const name = element.localName;
    if (element.namespaceURI !== 'http://www.w3.org/1999/xhtml') found.push(`foreign element ${name}`);
    if (SCRIPT_CAPABLE.has(name)) found.push(`script-capable element ${name}`);
    if (!allowed.has(name)) found.push(`element outside the profile ${name}`);
    for (const attribute of element.attributes) found.push(...attributeViolations(name, attribute));
    if (name === 'a' && element.getAttribute('rel') !== HTML_LINK_REL)
      found.push('link without the fixed rel');
  }
  return found;
}

function attributeViolations(element: string, attribute: Attr): string[] {
  const found: string[] = [];
  const name = attribute.name.toLowerCase();
  // eslint-disable-next-line no-control-regex
  const compact = attribute.value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
  if (name.startsWith('on')) found.push(`event handler ${name}`);
  if (URL_ATTRIBUTES.has(name) && FORBIDDEN_SCHEMES.test(compact))
    found.push(`script or data URL in ${name}`);
  const permitted = element === 'a' ? ['href', 'rel'] : element === 'img' ? ['src', 'alt'] : [];
  if (!permitted.includes(name)) found.push(`attribute outside the profile ${element}[${name}]`);
  const url = URL.parse(attribute.value);
  if ((name === 'href' || name === 'src') && url?.protocol !== 'https:')
    found.push(`${name} not absolute https`);
  if (element === 'img' && name === 'src' && url?.hostname !== 'img.example.com')
    found.push('image from a host not allowed');
  return found;
}

/** Findings hold codes, counts and reason codes only. */
function findingsAreClean(findings: readonly Finding[]): boolean {
  const codes = new Set<string>(HTML_FINDING_CODES);
  const reasons = new Set<string>([...URL_BLOCK_REASONS, 'images_disabled', 'markup']);
  return findings.every(
    (finding) =>
      (codes.has(finding.code) || finding.code.startsWith('url.')) &&
      Object.values(finding.detail ?? {}).every(
        (value) => typeof value !== 'string' || reasons.has(value) || /^[a-z_]+$/.test(value),
      ),
  );
}

/** Sanitizes, then checks the output, the output parsed and serialized again, and the output sanitized again. */
async function expectSafe(payload: string, options: HtmlOptions = {}): Promise<string> {
  const images = options.images !== undefined && options.images !== 'none';
  const result = await sanitizeHtml(payload, options);
  expect(findingsAreClean(result.findings)).toBe(true);
  if (!result.ok) return '';
  expect(violations(result.value, images)).toEqual([]);
  host.innerHTML = result.value;
  expect(violations(host.innerHTML, images)).toEqual([]);
  const again = await sanitizeHtml(result.value, options);
  expect(again.ok && violations(again.value, images)).toEqual([]);
  return result.value;
}

describe('the output inspector', () => {
  it('finds each kind of violation it looks for', () => {
    const unsafe =
      '<svg onload="x()"></svg><a href="javascript:x()">a</a><img src="https://evil.example/i.png">' +
      '<p style="x" data-x="y">p</p><!-- c --><script>1</script><a href="https://ok.example/">no rel</a>';
    expect(violations(unsafe, false)).toEqual([
      'foreign element svg',
      'script-capable element svg',
      'element outside the profile svg',
      'event handler onload',
      'attribute outside the profile svg[onload]',
      'script or data URL in href',
      'href not absolute https',
      'link without the fixed rel',
      'element outside the profile img',
      'image from a host not allowed',
      'attribute outside the profile p[style]',
      'attribute outside the profile p[data-x]',
      'node type 8',
      'script-capable element script',
      'element outside the profile script',
      'link without the fixed rel',
    ]);
  });
});

interface Fixture {
  readonly title: string | null;
  readonly payload: string;
}

const corpus = corpusPath('xss/dompurify');

describe.skipIf(corpus === undefined)('DOMPurify fixtures through the html purpose', () => {
  const fixtures =
    corpus === undefined ? [] : (JSON.parse(readFileSync(join(corpus, 'expect.json'), 'utf8')) as Fixture[]);

  it('reads every fixture', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(200);
  });

  it('leaves no script-capable element, handler, script URL or markup outside the profile', async () => {
    for (const fixture of fixtures) await expectSafe(fixture.payload);
    console.log(`html purpose: ${fixtures.length} DOMPurify fixture payloads checked by parsing the output`);
  });

  it('stays safe with images enabled from one host', async () => {
    for (const fixture of fixtures) await expectSafe(fixture.payload, { images: IMAGE_POLICY });
  });
});

describe('classic mutation and parser-differential payloads', () => {
  const payloads: ReadonlyArray<readonly [string, string]> = [
    ['noscript closing inside an attribute', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">'],
    ['template content', '<template><img src=x onerror=alert(1)></template><p>after</p>'],
    [
      'nested forms with math and mglyph',
      '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
    ],
    ['svg style breakout', '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">'],
    [
      'math annotation-xml',
      '<math><annotation-xml encoding="text/html"><style><img src=x onerror=alert(1)></style></annotation-xml></math>',
    ],
    ['comment breakout', '<!--><img src=x onerror=alert(1)>-->'],
    ['bogus comment', '<? <img src=x onerror=alert(1)> ?>'],
    ['CDATA outside foreign content', '<![CDATA[<img src=x onerror=alert(1)>]]>'],
    ['CDATA in svg', '<svg><![CDATA[</svg><img src=x onerror=alert(1)>]]></svg>'],
    ['xmp rawtext', '<xmp><img src=x onerror=alert(1)></xmp>'],
    ['plaintext swallows the rest', '<plaintext><a href="javascript:alert(1)">x</a>'],
    ['textarea rcdata', '<textarea></textarea><img src=x onerror=alert(1)></textarea>'],
    ['title in body', '<title><img src=x onerror=alert(1)></title>'],
    ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
    ['entity-encoded javascript URL', '<a href="&#106;avascript&#58;alert(1)">x</a>'],
    [
      'tab and newline inside the scheme',
      '<a href="java\tscript:alert(1)">x</a><a href="java&#10;script:alert(1)">y</a>',
    ],
    ['upper-case scheme with spaces', '<a href="  JAVASCRIPT:alert(1)">x</a>'],
    ['data URL link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
    ['vbscript URL', '<a href="vbscript:msgbox(1)">x</a>'],
    ['event handler spelled oddly', '<p/onclick=alert(1)>x</p><p ONMOUSEOVER="alert(1)">y</p>'],
    ['style attribute with url()', '<p style="background:url(https://evil.example/?q=1)">x</p>'],
    [
      'base and meta refresh',
      '<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    ],
    ['clobbering names', '<form name="body"><input name="attributes"></form><img name="createElement">'],
    [
      'a inside a table cell inside a link',
      '<a href="https://x.example/"><table><td><a href="javascript:alert(1)">y</a></td></table></a>',
    ],
    ['pre with a leading newline', '<pre>\n\n<b>x</b></pre>'],
    ['unclosed everything', '<p><a href="https://x.example/"><em><strong><code>'],
    [
      'attribute breakout in href',
      '<a href="https://x.example/&quot;&gt;&lt;img src=x onerror=alert(1)&gt;">x</a>',
    ],
    ['selectedcontent and select', '<select><option><img src=x onerror=alert(1)></option></select>'],
    ['customized built-in is value', '<p is="x-evil">p</p><a is="x-evil" href="https://x.example/">a</a>'],
    [
      'image kept from the allowed host only',
      '<img src="https://img.example.com/a.png" alt="a"><img src="https://evil.example/?q=1">',
    ],
    [
      'srcset and picture sources',
      '<picture><source srcset="https://evil.example/a.png"><img srcset="https://evil.example/b.png 2x"></picture>',
    ],
  ];

  it.each(payloads)('%s', async (_title, payload) => {
    await expectSafe(payload);
    await expectSafe(payload, { images: IMAGE_POLICY });
  });
});

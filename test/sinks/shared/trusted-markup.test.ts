// The sinks' one Trusted Types policy: made once per window, used for every write, refused means inert text.
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { renderHtmlInto } from '../../../sinks/html/render-dom.js';
import { renderMarkdownInto } from '../../../sinks/markdown/render-dom.js';
import { renderHtml } from '../../../sinks/html/render-string.js';
import { renderOutcomeMarkdown } from '../../../sinks/markdown/outcome.js';
import { markupWriterFor, TRUSTED_TYPES_POLICY_NAME } from '../../../sinks/shared/trusted-markup.js';
import { defineEgressPolicy } from '../../../src/egress/policy.js';
import { untrusted } from '../../../src/taint/untrusted.js';
import type { ToolOutcome } from '../../../src/vocabulary/outcome.js';

const policy = defineEgressPolicy({ hosts: ['docs.example.com'] });
const ARTICLE: ToolOutcome<unknown> = {
  ok: true,
  data: {
    body: '<p>Use <em>reset</em> <a href="https://docs.example.com/r">docs</a></p><img src=x onerror=alert(1)>',
  },
  meta: {
    tool: 'kb_article',
    schemaVersion: 'v1',
    requestId: 'req.00000001',
    findings: [],
    purposes: { '/body': 'html' },
  },
};

/** A jsdom window with a Trusted Types factory that records policies and marks what they create. */
function windowWithTrustedTypes(refuse: boolean) {
  const created: string[] = [];
  const made: string[] = [];
  const { window } = new JSDOM('<!doctype html><body></body>');
  Object.defineProperty(window, 'trustedTypes', {
    value: {
      createPolicy(name: string, rules: { createHTML(markup: string): string }) {
        if (refuse) throw new TypeError(`policy ${name} is not allowed`);
        created.push(name);
        return {
          name,
          createHTML: (markup: string) => {
            made.push(markup);
            return rules.createHTML(markup);
          },
          createScriptURL: () => {
            throw new TypeError('no script URLs');
          },
        };
      },
    },
  });
  return { window, created, made };
}

describe('the agent-airlock Trusted Types policy', () => {
  it('is created once per window and makes every piece of markup the sinks write, DOMPurify parsing included', () => {
    const { window, created, made } = windowWithTrustedTypes(false);
    const html = window.document.createElement('div');
    const markdown = window.document.createElement('div');
    renderHtmlInto(html, ARTICLE, { policy });
    renderMarkdownInto(markdown, 'A *note* and [a link](https://docs.example.com/x)', { policy });
    renderHtmlInto(window.document.createElement('div'), ARTICLE, { policy });
    expect(created).toEqual([TRUSTED_TYPES_POLICY_NAME]);
    expect(made).toContain(html.querySelector('div')?.innerHTML);
    expect(made).toContain(markdown.innerHTML);
    // DOMPurify parses the untrusted input through the same policy, so it never creates one of its own.
    expect(made.some((markup) => markup.includes('onerror'))).toBe(true);
    expect(html.querySelector('em')?.textContent).toBe('reset');
    expect(html.querySelectorAll('img')).toHaveLength(0);
  });

  it('where the page refuses the policy, shows html fields and Markdown as inert text', () => {
    const { window } = windowWithTrustedTypes(true);
    expect(markupWriterFor(window)).toBeUndefined();
    const html = window.document.createElement('div');
    renderHtmlInto(html, ARTICLE, { policy });
    expect(html.querySelectorAll('p, em, a, img')).toHaveLength(0);
    expect(html.querySelector('dd')?.textContent).toBe((ARTICLE as { data: { body: string } }).data.body);
    const markdown = window.document.createElement('div');
    renderMarkdownInto(markdown, 'A *note*', { policy });
    expect(markdown.innerHTML).toBe('A *note*');
  });

  it('without Trusted Types writes the same markup as a string', () => {
    const { window } = new JSDOM('<!doctype html><body></body>');
    expect(markupWriterFor(window)?.policy).toBeNull();
    const markdown = window.document.createElement('div');
    renderMarkdownInto(markdown, 'A *note*', { policy });
    expect(markdown.innerHTML).toBe('<p>A <em>note</em></p>\n');
  });
});

describe('data in untrusted wrappers', () => {
  it('renders in the UI sinks exactly as the same data in plain strings', async () => {
    const body = (ARTICLE as { data: { body: string } }).data.body;
    const wrapped = { ...ARTICLE, data: { body: untrusted(body, 'kb-service') } } as ToolOutcome<unknown>;
    expect(await renderHtml(wrapped, { policy })).toEqual(await renderHtml(ARTICLE, { policy }));
    expect(renderOutcomeMarkdown(wrapped, { policy })).toEqual(renderOutcomeMarkdown(ARTICLE, { policy }));
  });
});

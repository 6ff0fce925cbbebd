// renderHtml: the html sink for Node — an HTML string where text is escaped and markup is sanitized again.
import type { Finding } from '../../src/vocabulary/finding.js';
import { HTML_LINK_REL } from '../../src/purposes/html/profile.js';
import { sanitizeHtml } from '../../src/purposes/html/sanitize-html.js';
import { checkDisplayOptions, type DisplayOptions } from '../shared/display-options.js';
import { escapeHtml } from './escape.js';
import { planDisplay, type DisplayInput, type DisplayNode } from '../shared/plan.js';

/** An HTML fragment for a chat UI, and what rendering changed (blocked links, sanitizer hits) as findings. */
export interface HtmlRendering {
  readonly html: string;
  readonly findings: readonly Finding[];
}

/**
 * Renders an accepted outcome's data (or one purposed value) as an HTML fragment, the same structure that
 * `renderHtmlInto` builds in a browser. Strings are escaped for a text node whatever they contain; a `url`
 * field becomes `<a href rel="noopener noreferrer nofollow ugc">` only when the egress policy allows it; an
 * `html` field is sanitized again by the html purpose's `sanitizeHtml` (minimal profile, links through the
 * same policy, no images) and shown as escaped text if that refuses it. Objects become `<dl>` with escaped
 * names, arrays `<ul>`. Asynchronous only because sanitizing markup loads jsdom on first use. Never throws on
 * content.
 */
export async function renderHtml(input: DisplayInput, options: DisplayOptions): Promise<HtmlRendering> {
  const { policy } = checkDisplayOptions(options);
  const plan = planDisplay(input, policy);
  const findings: Finding[] = [...plan.findings];

  const serialize = async (node: DisplayNode): Promise<string> => {
    switch (node.kind) {
      case 'text':
        return escapeHtml(node.text);
      case 'link':
        return `<a href="${escapeHtml(node.href)}" rel="${HTML_LINK_REL}">${escapeHtml(node.href)}</a>`;
      case 'markup': {
        const sanitized = await sanitizeHtml(node.markup, { policy });
        findings.push(...sanitized.findings.map((finding) => ({ ...finding, pointer: node.reportPointer })));
        return `<div>${sanitized.ok ? sanitized.value : escapeHtml(node.markup)}</div>`;
      }
      case 'list': {
        let items = '';
        for (const item of node.items) items += `<li>${await serialize(item)}</li>`;
        return `<ul>${items}</ul>`;
      }
      case 'fields': {
        let fields = '';
        for (const field of node.fields) {
          fields += `<dt>${escapeHtml(field.name)}</dt><dd>${await serialize(field.value)}</dd>`;
        }
        return `<dl>${fields}</dl>`;
      }
    }
  };

  return { html: await serialize(plan.root), findings };
}

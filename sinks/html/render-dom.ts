// renderHtmlInto: the html sink for browsers — builds DOM nodes; text is only ever a text node.
import { HTML_LINK_REL } from '../../src/purposes/html/profile.js';
import type { Finding } from '../../src/vocabulary/finding.js';
import { renderMarkupInto } from './markup-dom.js';
import { checkDisplayOptions, type DisplayOptions } from '../shared/display-options.js';
import { planDisplay, type DisplayInput, type DisplayNode } from '../shared/plan.js';

/** What rendering into the DOM changed: blocked links and what sanitizing removed, as findings. */
export interface HtmlRenderReport {
  readonly findings: readonly Finding[];
}

/**
 * Renders an accepted outcome's data (or one purposed value) into `element`, replacing its children. Strings
 * become text nodes (`document.createTextNode`), whatever they contain; a `url` field becomes an `<a>` with
 * `rel="noopener noreferrer nofollow ugc"` only when the egress policy allows it; an `html` field is
 * sanitized again on the page's own DOM by DOMPurify to the minimal profile (links through the same policy,
 * no images) and only that sanitized markup is parsed, into a detached `<div>`, as TrustedHTML of the
 * `agent-airlock` Trusted Types policy where the page has Trusted Types; a document without a window, or a
 * page whose CSP refuses that policy, shows it as text. Objects become `<dl>` (names as text), arrays `<ul>`.
 * Works alike with and without Trusted Types, and under `require-trusted-types-for 'script'`.
 */
export function renderHtmlInto(
  element: Element,
  input: DisplayInput,
  options: DisplayOptions,
): HtmlRenderReport {
  const { policy } = checkDisplayOptions(options);
  const plan = planDisplay(input, policy);
  const document = element.ownerDocument;
  const findings: Finding[] = [...plan.findings];
  const wrap = (tag: 'li' | 'dt' | 'dd', child: Node): HTMLElement => {
    const box = document.createElement(tag);
    box.append(child);
    return box;
  };

  const build = (node: DisplayNode): Node => {
    switch (node.kind) {
      case 'text':
        return document.createTextNode(node.text);
      case 'link': {
        const link = document.createElement('a');
        link.setAttribute('href', node.href);
        link.setAttribute('rel', HTML_LINK_REL);
        link.append(document.createTextNode(node.href));
        return link;
      }
      case 'markup': {
        const box = document.createElement('div');
        findings.push(...renderMarkupInto(box, node.markup, policy, node.reportPointer));
        return box;
      }
      case 'list': {
        const list = document.createElement('ul');
        for (const item of node.items) list.append(wrap('li', build(item)));
        return list;
      }
      case 'fields': {
        const fields = document.createElement('dl');
        for (const field of node.fields) {
          fields.append(wrap('dt', document.createTextNode(field.name)), wrap('dd', build(field.value)));
        }
        return fields;
      }
    }
  };

  element.replaceChildren(build(plan.root));
  return { findings };
}

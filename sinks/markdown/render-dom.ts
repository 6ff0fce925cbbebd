// renderMarkdownInto: Markdown rendered into an element in a browser, through the sinks' Trusted Types policy.
import type { Finding } from '../../src/vocabulary/finding.js';
import { markupAsText, markupWriterFor } from '../shared/trusted-markup.js';
import type { MarkdownOptions } from './options.js';
import { renderMarkdown } from './render.js';

/** What rendering Markdown into an element changed: blocked links and withheld images, as findings. */
export interface MarkdownRenderReport {
  readonly findings: readonly Finding[];
}

/**
 * Renders Markdown exactly as {@link renderMarkdown} does and makes the HTML the element's content, replacing
 * its children: as TrustedHTML of the `agent-airlock` Trusted Types policy where the page has Trusted Types, so
 * it works under `require-trusted-types-for 'script'`, and as the same markup where it has none. A document
 * without a window, or a page whose CSP refuses the policy, gets the Markdown source as text instead, reported
 * as a `sink.markup_as_text` finding with the reason. Options
 * as for `renderMarkdown` (a mistake throws a TypeError); never throws on content.
 */
export function renderMarkdownInto(
  element: Element,
  source: string,
  options: MarkdownOptions,
): MarkdownRenderReport {
  const { html, findings } = renderMarkdown(source, options);
  const window = element.ownerDocument.defaultView;
  const writer = window === null ? undefined : markupWriterFor(window);
  if (writer !== undefined) {
    writer.write(element, html);
    return { findings };
  }
  element.replaceChildren(element.ownerDocument.createTextNode(source));
  const reason = window === null ? 'no_window' : 'trusted_types_refused';
  return { findings: [...findings, markupAsText('', reason)] };
}

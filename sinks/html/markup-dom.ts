// Sanitizes an html field on the page's own DOM and writes it through the sinks' Trusted Types policy.
import DOMPurify, { type WindowLike } from 'dompurify';
import type { EgressPolicy } from '../../src/egress/policy.js';
import type { Finding } from '../../src/vocabulary/finding.js';
import { createHtmlDomSanitizer, type HtmlDomSanitizer } from '../../src/purposes/html/dom.js';
import {
  markupAsText,
  markupWriterFor,
  type MarkupAsTextReason,
  type MarkupPolicy,
  type MarkupWriter,
} from '../shared/trusted-markup.js';
import { quietMarkup } from './quiet-markup.js';
import { createSanitizerApiSanitizer, hasSanitizerApi } from './sanitizer-api.js';

interface WindowTools {
  readonly sanitize: HtmlDomSanitizer;
  readonly writer: MarkupWriter;
}

/** One sanitizer and writer per window (`null`: the window cannot sanitize, or refused the policy). */
const tools = new WeakMap<object, WindowTools | null>();

/**
 * Sanitizes markup to the minimal profile on the box's own window — with the browser's HTML Sanitizer API
 * where the window has `Element.prototype.setHTML` ({@link createSanitizerApiSanitizer}), elsewhere with the
 * same DOMPurify configuration and hooks as the html purpose; on both paths a link is kept only when the egress
 * policy allows it (with its canonical URL and the hardened `rel`) and images are removed — and makes only
 * that sanitized markup the box's content, through the `agent-airlock` Trusted Types policy where the window
 * has Trusted Types. DOMPurify parses the untrusted input through the same policy, so it creates none of its
 * own. Where the window cannot sanitize (no DOM parser, or a CSP that refuses the policy) the markup becomes
 * the box's text, reported as `sink.markup_as_text` with the reason. Returns what sanitizing changed, at the
 * field's pointer. Never throws on content.
 */
export function renderMarkupInto(
  box: Element,
  markup: string,
  policy: EgressPolicy,
  reportPointer: string,
): readonly Finding[] {
  const window = box.ownerDocument.defaultView;
  const found = window === null ? null : toolsFor(window);
  if (found === null) {
    box.append(box.ownerDocument.createTextNode(markup));
    const reason: MarkupAsTextReason =
      window === null
        ? 'no_window'
        : markupWriterFor(window) === undefined
          ? 'trusted_types_refused'
          : 'no_dom';
    return [markupAsText(reportPointer, reason)];
  }
  const result = found.sanitize(markup, { links: policy, images: undefined });
  found.writer.write(box, result.html);
  return result.findings.map((finding) => ({ ...finding, pointer: reportPointer }));
}

function toolsFor(window: WindowLike): WindowTools | null {
  let found = tools.get(window);
  if (found === undefined) {
    found = null;
    const writer = markupWriterFor(window);
    if (writer !== undefined) {
      try {
        const policy = writer.policy as Parameters<typeof createHtmlDomSanitizer>[1];
        const quiet = quietWindow(window, writer.policy);
        const purify = createHtmlDomSanitizer(() => DOMPurify(quiet), policy);
        const sanitize = hasSanitizerApi(window) ? createSanitizerApiSanitizer(window, purify) : purify;
        found = { sanitize, writer };
      } catch {
        found = null;
      }
    }
    tools.set(window, found);
  }
  return found;
}

/** The parts of a window DOMPurify reads (`DOMPurify(window)`), all but `DOMParser` the window's own. */
type PurifyWindow = Pick<
  Window & typeof globalThis,
  'document' | 'Element' | 'Node' | 'NodeFilter' | 'HTMLTemplateElement' | 'DOMParser'
> & { readonly trustedTypes?: unknown };

/**
 * The window as DOMPurify sees it, except that its `DOMParser` first passes the markup through
 * {@link quietMarkup}, so parsing hostile input files no CSP report, then parses the result with the window's
 * own parser, through the `agent-airlock` policy where the window has Trusted Types.
 */
function quietWindow(window: WindowLike, policy: MarkupPolicy | null): WindowLike {
  const own = window as unknown as PurifyWindow;
  const Native = own.DOMParser;
  class QuietParser {
    parseFromString(payload: unknown, type: DOMParserSupportedType): Document {
      const markup = quietMarkup(String(payload));
      return new Native().parseFromString((policy?.createHTML(markup) ?? markup) as string, type);
    }
  }
  const quiet: PurifyWindow = {
    document: own.document,
    Element: own.Element,
    Node: own.Node,
    NodeFilter: own.NodeFilter,
    HTMLTemplateElement: own.HTMLTemplateElement,
    DOMParser: QuietParser,
    trustedTypes: own.trustedTypes,
  };
  return quiet as unknown as WindowLike;
}

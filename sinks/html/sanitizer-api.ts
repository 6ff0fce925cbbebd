// The html profile through the browser's own HTML Sanitizer API, where the window has one, with the egress post-pass.
import type { HtmlDomResult, HtmlDomSanitizer, HtmlPolicies } from '../../src/purposes/html/dom.js';
import { FindingTally } from '../../src/purposes/html/findings.js';
import {
  checkAttribute,
  finishElement,
  hasIsValue,
  unwrap,
  type HtmlCall,
} from '../../src/purposes/html/hooks.js';
import {
  HTML_ALLOWED_TAGS,
  HTML_FORBIDDEN_CONTENTS,
  HTML_IMAGE_ATTRIBUTES,
  HTML_IMAGE_TAG,
  HTML_URL_ATTRIBUTES,
} from '../../src/purposes/html/profile.js';
import { censusOf, type MarkupCensus } from './markup-census.js';
import { readMarkup } from './quiet-markup.js';

/** The parts of the HTML Sanitizer API this path uses (typed here: the DOM typings do not know it yet). */
interface SanitizerApiWindow {
  readonly Sanitizer: new (config: object) => object;
  readonly Document: { parseHTML(html: string, options: { sanitizer: object }): Document };
  readonly Element: { readonly prototype: object };
}

/** The document elements `Document.parseHTML` must keep for a body to exist; the profile keeps none of theirs. */
const DOCUMENT_ELEMENTS: readonly string[] = Object.freeze(['html', 'head', 'body']);
const FORBIDDEN = new Set(HTML_FORBIDDEN_CONTENTS);
const LEADING_WHITESPACE = /^[\r\n\t ]+/;

/** True when the window has `Element.prototype.setHTML`, `Document.parseHTML` and `Sanitizer`. */
export function hasSanitizerApi(window: object): boolean {
  const api = window as Partial<SanitizerApiWindow>;
  return (
    typeof api.Sanitizer === 'function' &&
    typeof api.Document?.parseHTML === 'function' &&
    typeof (api.Element?.prototype as { setHTML?: unknown } | undefined)?.setHTML === 'function'
  );
}

/**
 * The html sanitizer on the browser's Sanitizer API. Each value is read first (parse5, as {@link readMarkup});
 * the configuration is the profile — its elements with their attributes (plus `is`, so the post-pass can
 * unwrap such elements as the DOMPurify path does), no comments, no processing instructions, no data
 * attributes — and every other element name the value holds is listed to be replaced by its content, because
 * the API removes an unlisted element with its content. `Document.parseHTML` parses the quiet markup as a
 * whole document, as DOMPurify's `DOMParser` does, and sanitizes it. The post-pass then applies the egress
 * policy to every kept `href`/`src`, adds the fixed `rel` and unwraps links without a kept URL, with the
 * html purpose's own checks. Findings: the post-pass reports URL decisions; what the API removed is the
 * difference between the read input and what reached the post-pass. A value the API refuses to take (a
 * configuration it rejects) goes to `fallback`, the DOMPurify path.
 */
export function createSanitizerApiSanitizer(window: object, fallback: HtmlDomSanitizer): HtmlDomSanitizer {
  const api = window as SanitizerApiWindow;
  return (value, policies) => {
    try {
      return sanitizeWithApi(api, value, policies);
    } catch {
      // A configuration the browser refuses (an element name it will not take): the DOMPurify path decides.
      return fallback(value, policies);
    }
  };
}

function sanitizeWithApi(api: SanitizerApiWindow, value: string, policies: HtmlPolicies): HtmlDomResult {
  const call: HtmlCall = { ...policies, tally: new FindingTally(), blocked: new Set(), keptLinks: 0 };
  const kept = keptElements(policies);
  const read = readMarkup(value);
  const census = read.tree === undefined ? undefined : censusOf(read.tree, new Set(kept));
  const sanitizer = new api.Sanitizer(profileConfiguration(kept, census?.names ?? new Set()));
  // A document whose only content is a frameset has no body (the DOM typings say it always has one).
  const body = api.Document.parseHTML(read.quiet, { sanitizer }).body as HTMLElement | null;
  if (body === null) {
    if (census !== undefined) reportRemoved(census, emptyReach(), 0, call);
    return { html: '', findings: call.tally.findings(), keptLinks: 0 };
  }
  const reached = reach(body);
  if (census !== undefined)
    reportRemoved(census, reached, reviewRemovedUrls(reached.list, census.urls, call), call);
  for (const element of reached.list) applyPolicy(element, call);
  const leading = LEADING_WHITESPACE.exec(value)?.[0];
  if (leading !== undefined) body.prepend(leading);
  return { html: body.innerHTML, findings: call.tally.findings(), keptLinks: call.keptLinks };
}

function keptElements(policies: HtmlPolicies): string[] {
  return [...HTML_ALLOWED_TAGS, ...(policies.images === undefined ? [] : [HTML_IMAGE_TAG])];
}

/** The profile as a Sanitizer configuration for one value whose element names are `names`. */
function profileConfiguration(kept: readonly string[], names: ReadonlySet<string>): object {
  const keep = new Set([...kept, ...DOCUMENT_ELEMENTS]);
  return {
    elements: [...keep].map((name) => ({ name, attributes: [...attributesOf(name)] })),
    replaceWithChildrenElements: [...names].filter((name) => !keep.has(name) && !FORBIDDEN.has(name)),
    attributes: [],
    comments: false,
    dataAttributes: false,
    processingInstructions: [],
  };
}

function attributesOf(name: string): string[] {
  if (DOCUMENT_ELEMENTS.includes(name)) return [];
  const url = HTML_URL_ATTRIBUTES[name];
  const own = name === HTML_IMAGE_TAG ? HTML_IMAGE_ATTRIBUTES : url === undefined ? [] : [url];
  return [...own, 'is'];
}

/** What reached the post-pass: the body's elements in document order and their counts. */
interface Reach {
  readonly list: readonly Element[];
  readonly images: number;
  readonly attributes: number;
}

function emptyReach(): Reach {
  return { list: [], images: 0, attributes: 0 };
}

function reach(body: Element): Reach {
  const list = [...body.querySelectorAll('*')];
  let images = 0;
  let attributes = 0;
  for (const element of list) {
    if (element.localName === HTML_IMAGE_TAG) images++;
    attributes += element.attributes.length;
  }
  return { list, images, attributes };
}

/**
 * The API removes a URL it deems unsafe (`javascript:`) before the post-pass can see it. Where the kept links
 * and images match the read input one to one, each URL it removed is reviewed as the DOMPurify path reviews
 * it — reported as a blocked link or image with the policy's reason — and never put back. Returns how many.
 */
function reviewRemovedUrls(
  list: readonly Element[],
  urls: readonly (string | null)[],
  call: HtmlCall,
): number {
  const carriers = list.filter((element) => HTML_URL_ATTRIBUTES[element.localName] !== undefined);
  if (carriers.length !== urls.length) return 0;
  let reviewed = 0;
  for (const [index, element] of carriers.entries()) {
    const attrName = HTML_URL_ATTRIBUTES[element.localName] ?? '';
    const value = urls[index];
    if (value === null || value === undefined || element.hasAttribute(attrName)) continue;
    const verdict = { attrName, attrValue: value.trim(), keepAttr: true };
    checkAttribute(element, verdict, call);
    if (verdict.keepAttr) call.tally.add('html.attribute_removed', 'cleaned');
    reviewed++;
  }
  return reviewed;
}

/** Reports what the Sanitizer API removed: the read input less what reached the post-pass and was reviewed. */
function reportRemoved(census: MarkupCensus, reached: Reach, reviewedUrls: number, call: HtmlCall): void {
  const images = census.images - reached.images;
  const reason = call.images === undefined ? 'images_disabled' : 'markup';
  call.tally.add('html.image_blocked', 'cleaned', { reason }, images);
  call.tally.add(
    'html.element_removed',
    'cleaned',
    undefined,
    census.elements - images - reached.list.length,
  );
  const attributes = census.attributes - reached.attributes - reviewedUrls;
  call.tally.add('html.attribute_removed', 'cleaned', undefined, attributes);
  call.tally.add('html.node_removed', 'cleaned', undefined, census.nodes);
}

/** The html purpose's own checks on one kept element, in document order as DOMPurify visits it. */
function applyPolicy(element: Element, call: HtmlCall): void {
  if (element.parentNode === null) return;
  if (hasIsValue(element)) {
    unwrap(element);
    call.tally.add('html.element_removed', 'cleaned');
    return;
  }
  for (const attribute of [...element.attributes]) {
    // DOMPurify reviews an attribute's value trimmed; so does this pass.
    const verdict = { attrName: attribute.name, attrValue: attribute.value.trim(), keepAttr: true };
    checkAttribute(element, verdict, call);
    if (!verdict.keepAttr) {
      element.removeAttribute(attribute.name);
      if (!call.blocked.has(element)) call.tally.add('html.attribute_removed', 'cleaned');
    } else if (verdict.attrValue !== attribute.value) element.setAttribute(attribute.name, verdict.attrValue);
  }
  finishElement(element, call);
}

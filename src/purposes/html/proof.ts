// Proves markup clean without a DOM: its parsed tree already lies inside the minimal profile, so DOMPurify keeps it whole.
import type { DefaultTreeAdapterTypes as Tree } from 'parse5';
import { checkUrl } from '../../egress/check-url.js';
import type { EgressPolicy } from '../../egress/policy.js';
import type { HtmlPolicies } from './dom.js';
import type { HtmlParser } from './parser.js';
import {
  HTML_ALLOWED_TAGS,
  HTML_IMAGE_ATTRIBUTES,
  HTML_IMAGE_TAG,
  HTML_LINK_REL,
  HTML_URL_ATTRIBUTES,
} from './profile.js';

/** Markup proven clean, in the serialization the DOMPurify path gives it, and the links it keeps. */
export interface ProvenHtml {
  readonly html: string;
  /** Links kept, each given the fixed `rel` as the DOMPurify path gives it. */
  readonly keptLinks: number;
}

const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';
const PROFILE_TAGS: ReadonlySet<string> = new Set(HTML_ALLOWED_TAGS);
const IMAGE_ATTRIBUTES: ReadonlySet<string> = new Set(HTML_IMAGE_ATTRIBUTES);

/** DOMPurify's own leading-whitespace rule: it puts these characters back in front of the parsed body. */
const LEADING_WHITESPACE = /^[\r\n\t ]+/;
/** Attribute values DOMPurify removes whatever the allowlist says (comment or raw-text breakouts, `/>`). */
const UNSAFE_VALUE =
  /(?:--!?|\])>|<\/(?:style|script|title|xmp|textarea|noscript|iframe|noembed|noframes)|\/>/i;
/** Schemes every DOMPurify build keeps in a URL attribute; any other goes to DOMPurify for its own verdict. */
const PLAIN_SCHEME = /^https?:/;
/** Deeper trees go to DOMPurify: the proof and the serializer stay far from any stack limit. */
const MAX_DEPTH = 256;

/**
 * The value's markup when its tree, parsed as the DOMPurify path parses it (a whole document, as
 * `DOMParser` does), already lies inside the profile: nothing outside `<body>`, no attribute on the document's
 * own elements, only profile elements in the HTML namespace below it, no comment, no attribute but a link's
 * `href` (an image's `src` and `alt` where the field allows images), every URL already in the canonical form
 * its policy accepts without a finding, no link inside a link. DOMPurify and the html hooks would remove,
 * rewrite or report nothing in such a tree, so its serialization (with the fixed `rel` on each link and
 * DOMPurify's leading whitespace) is exactly the DOMPurify result and it has no findings. Any other value
 * gives `undefined` and goes to DOMPurify, which keeps the last word. Never throws.
 */
export function proveCleanHtml(
  value: string,
  policies: HtmlPolicies,
  parser: HtmlParser,
): ProvenHtml | undefined {
  try {
    const body = bodyAlone(parser.parseDocument(value));
    if (body === undefined) return undefined;
    const links = profileLinks(body, policies);
    if (links === undefined) return undefined;
    // A new list per link: the parser shares one attribute list among the copies it makes of a formatting element.
    for (const link of links) link.attrs = [...link.attrs, { name: 'rel', value: HTML_LINK_REL }];
    const leading = LEADING_WHITESPACE.exec(value)?.[0] ?? '';
    return { html: leading + parser.serializeChildren(body), keptLinks: links.length };
  } catch {
    return undefined;
  }
}

/** The body of a document that holds nothing else: no doctype, comment, head content or attribute. */
function bodyAlone(document: Tree.Document): Tree.Element | undefined {
  const [root, ...others] = document.childNodes;
  if (root === undefined || others.length > 0 || !isBareElement(root, 'html')) return undefined;
  const [head, body, ...rest] = root.childNodes;
  if (head === undefined || body === undefined || rest.length > 0) return undefined;
  if (!isBareElement(head, 'head') || head.childNodes.length > 0 || !isBareElement(body, 'body'))
    return undefined;
  return body;
}

function isBareElement(node: Tree.Node, tag: string): node is Tree.Element {
  return isHtmlElement(node) && node.tagName === tag && node.attrs.length === 0;
}

function isHtmlElement(node: Tree.Node): node is Tree.Element {
  return 'tagName' in node && (node.namespaceURI as string) === HTML_NAMESPACE;
}

interface Visit {
  readonly node: Tree.ChildNode;
  readonly depth: number;
  readonly inLink: boolean;
}

/** The links of a body whose every descendant lies inside the profile, or `undefined` when one does not. */
function profileLinks(body: Tree.Element, policies: HtmlPolicies): Tree.Element[] | undefined {
  const links: Tree.Element[] = [];
  const stack: Visit[] = body.childNodes.map((node) => ({ node, depth: 1, inLink: false }));
  for (let visit = stack.pop(); visit !== undefined; visit = stack.pop()) {
    const { node, depth, inLink } = visit;
    if (node.nodeName === '#text') continue;
    if (!isHtmlElement(node) || depth > MAX_DEPTH || !elementInProfile(node, policies, inLink))
      return undefined;
    const isLink = node.tagName === 'a';
    if (isLink) links.push(node);
    for (const child of node.childNodes)
      stack.push({ node: child, depth: depth + 1, inLink: inLink || isLink });
  }
  return links;
}

/** One element as DOMPurify and the html hooks keep it unchanged and unreported. */
function elementInProfile(element: Tree.Element, policies: HtmlPolicies, inLink: boolean): boolean {
  const { tagName, attrs } = element;
  if (tagName === 'a') {
    const [href, ...others] = attrs;
    return !inLink && href !== undefined && others.length === 0 && isUrl(href, 'a', policies.links);
  }
  if (tagName === HTML_IMAGE_TAG) {
    if (policies.images === undefined) return false;
    const images = policies.images;
    if (!attrs.some((attribute) => isUrl(attribute, HTML_IMAGE_TAG, images))) return false;
    return attrs.every((attribute) => isImageAttribute(attribute, images));
  }
  return PROFILE_TAGS.has(tagName) && attrs.length === 0;
}

/** The element's one URL attribute, already canonical under its policy, with nothing to report. */
function isUrl(attribute: Tree.Element['attrs'][number], tag: string, policy: EgressPolicy): boolean {
  if (attribute.name !== HTML_URL_ATTRIBUTES[tag] || attribute.namespace !== undefined) return false;
  const { value } = attribute;
  if (!PLAIN_SCHEME.test(value) || UNSAFE_VALUE.test(value)) return false;
  const decision = checkUrl(value, policy, { link: true });
  return decision.allowed && decision.href === value && decision.findings.length === 0;
}

function isImageAttribute(attribute: Tree.Element['attrs'][number], policy: EgressPolicy): boolean {
  if (!IMAGE_ATTRIBUTES.has(attribute.name) || attribute.namespace !== undefined) return false;
  if (attribute.name !== 'alt') return isUrl(attribute, HTML_IMAGE_TAG, policy);
  // DOMPurify trims every attribute value it keeps: an untrimmed text alternative would be rewritten.
  return attribute.value.trim() === attribute.value && !UNSAFE_VALUE.test(attribute.value);
}

// DOMPurify hooks of the html purpose: per-element attributes, egress checks on links and images, rel, unwrapping.
import type { DOMPurify, UponSanitizeAttributeHookEvent, UponSanitizeElementHookEvent } from 'dompurify';
import { checkUrl } from '../../egress/check-url.js';
import type { EgressPolicy } from '../../egress/policy.js';
import type { FindingTally } from './findings.js';
import { HTML_IMAGE_ATTRIBUTES, HTML_IMAGE_TAG, HTML_LINK_REL, HTML_URL_ATTRIBUTES } from './profile.js';

/** The state of one synchronous sanitize call: its policies and what it found. Lives only during the call. */
export interface HtmlCall {
  /** The policy every kept `href` must pass. */
  readonly links: EgressPolicy;
  /** The policy every kept image `src` must pass; `undefined` when the field has no images. */
  readonly images: EgressPolicy | undefined;
  readonly tally: FindingTally;
  /** Elements whose URL the policy refused: their removal is reported once, as a blocked link or image. */
  readonly blocked: Set<Node>;
  /** Links kept (each got the fixed `rel`). */
  keptLinks: number;
}

const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';
const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/** The lower-case name of an HTML-namespace element, or `undefined` for any other node. */
export function htmlTagName(node: Node): string | undefined {
  if (node.nodeType !== ELEMENT_NODE) return undefined;
  const element = node as Element;
  return element.namespaceURI === HTML_NAMESPACE ? element.localName : undefined;
}

/**
 * Reports one node that left the output: an image as blocked (the field has no images, or the sanitizer
 * refused it), any other element as removed, a comment, CDATA section, processing instruction or doctype as
 * a removed node. Text is not counted: it only leaves with an element that is counted.
 */
export function tallyRemovedNode(node: Node, call: HtmlCall): void {
  if (node.nodeType === TEXT_NODE) return;
  const tag = htmlTagName(node);
  if (tag === HTML_IMAGE_TAG) {
    const reason = call.images === undefined ? 'images_disabled' : 'markup';
    call.tally.add('html.image_blocked', 'cleaned', { reason });
  } else {
    call.tally.add(node.nodeType === ELEMENT_NODE ? 'html.element_removed' : 'html.node_removed', 'cleaned');
  }
}

/**
 * Installs the hooks on a DOMPurify instance. Hooks are shared by every call on the instance, so they read
 * the call they serve from `current()` (set only while one synchronous sanitize runs) and keep nothing.
 */
export function installHtmlHooks(purify: DOMPurify, current: () => HtmlCall | undefined): void {
  purify.addHook('uponSanitizeElement', (node: Node, event: UponSanitizeElementHookEvent) => {
    const call = current();
    if (call === undefined) return;
    if (event.tagName === 'body') tallyOutsideBody(node, call);
    else if (event.allowedTags[event.tagName] === true && hasIsValue(node)) {
      unwrap(node as Element);
      call.tally.add('html.element_removed', 'cleaned');
    }
  });
  purify.addHook('uponSanitizeAttribute', (element: Element, event: UponSanitizeAttributeHookEvent) => {
    const call = current();
    if (call !== undefined) checkAttribute(element, event, call);
  });
  purify.addHook('afterSanitizeAttributes', (element: Element) => {
    const call = current();
    if (call !== undefined) finishElement(element, call);
  });
}

/**
 * Parsing a whole document puts leading `<script>`, `<style>`, `<title>`, `<meta>`… into `<head>`, and
 * comments before `<html>` or after `</body>` outside `<body>`; DOMPurify walks and returns only `<body>`.
 * Those nodes are dropped silently by DOMPurify, so they are counted here, when the walk reaches the body.
 */
function tallyOutsideBody(body: Node, call: HtmlCall): void {
  const document = body.ownerDocument;
  if (document === null || document.body !== body) return;
  const root = document.documentElement;
  for (let node = document.firstChild; node !== null; node = node.nextSibling) {
    if (node !== root) tallyRemovedNode(node, call);
  }
  for (let node = root.firstChild; node !== null; node = node.nextSibling) {
    if (node === document.head) tallyChildren(node, call);
    else if (node !== body) tallyRemovedNode(node, call);
  }
}

function tallyChildren(parent: Node, call: HtmlCall): void {
  for (let node = parent.firstChild; node !== null; node = node.nextSibling) tallyRemovedNode(node, call);
}

/**
 * An element parsed with an `is` attribute keeps that "is value" even when the attribute is removed, and the
 * serializer writes it back (DOMPurify leaves `is=""` for that reason). Such an element cannot be kept
 * inside the profile, so an allowed one becomes its content; a disallowed one is removed anyway.
 */
export function hasIsValue(node: Node): boolean {
  return node.nodeType === ELEMENT_NODE && (node as Element).hasAttribute('is');
}

/** One attribute under review: a sanitizer's hook event, or an attribute a post-pass reads itself. */
export interface AttributeVerdict {
  readonly attrName: string;
  attrValue: string;
  keepAttr: boolean;
}

/**
 * Keeps an attribute only where the profile puts it: `href` on a link and `src`/`alt` on an image. A URL
 * must pass the policy (the link policy for `href`, the image policy for `src`) and is replaced by its
 * canonical form; a refused URL is removed and reported with the policy's reason code.
 */
export function checkAttribute(element: Element, event: AttributeVerdict, call: HtmlCall): void {
  const tag = htmlTagName(element);
  const isImage = tag === HTML_IMAGE_TAG;
  if (tag !== undefined && HTML_URL_ATTRIBUTES[tag] === event.attrName) {
    const policy = isImage ? call.images : call.links;
    if (policy === undefined) {
      event.keepAttr = false;
      return;
    }
    const decision = checkUrl(event.attrValue, policy, { link: true });
    for (const finding of decision.findings)
      if (finding.code !== 'url.blocked') call.tally.addFinding(finding);
    if (decision.allowed) {
      if (decision.href !== event.attrValue) call.tally.add('html.url_canonicalized', 'cleaned');
      event.attrValue = decision.href;
      return;
    }
    const refusal = decision.findings.find((finding) => finding.code === 'url.blocked');
    call.tally.add(
      isImage ? 'html.image_blocked' : 'html.link_blocked',
      'cleaned',
      refusal?.detail ?? { reason: decision.reason },
    );
    call.blocked.add(element);
    event.keepAttr = false;
    return;
  }
  if (!(isImage && HTML_IMAGE_ATTRIBUTES.includes(event.attrName))) event.keepAttr = false;
}

/**
 * After its attributes: a link with a kept `href` gets the fixed `rel`; a link without one, or inside another
 * link, becomes its content; an image without a kept `src` is removed.
 */
export function finishElement(element: Element, call: HtmlCall): void {
  const tag = htmlTagName(element);
  if (tag === 'a') {
    if (element.hasAttribute('href') && !isInsideLink(element)) {
      element.setAttribute('rel', HTML_LINK_REL);
      call.keptLinks++;
      return;
    }
    unwrap(element);
  } else if (tag === HTML_IMAGE_TAG && !element.hasAttribute('src')) {
    element.parentNode?.removeChild(element);
  } else {
    return;
  }
  if (!call.blocked.has(element)) call.tally.add('html.element_removed', 'cleaned');
}

function isInsideLink(element: Element): boolean {
  for (let node = element.parentNode; node !== null; node = node.parentNode) {
    if (htmlTagName(node) === 'a') return true;
  }
  return false;
}

/**
 * Replaces an element by its children. The children go after the element, in order, before it is removed,
 * so DOMPurify's node iterator (standing on the element) visits and sanitizes each of them next.
 */
export function unwrap(element: Element): void {
  const parent = element.parentNode;
  if (parent === null) return;
  while (element.lastChild !== null) parent.insertBefore(element.lastChild, element.nextSibling);
  parent.removeChild(element);
}

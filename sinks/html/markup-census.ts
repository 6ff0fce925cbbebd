// What one html value holds before sanitizing, read from parse5's tree: element names and what the profile counts.
import { html as parse5Html, type DefaultTreeAdapterMap } from 'parse5';
import {
  HTML_FORBIDDEN_CONTENTS,
  HTML_IMAGE_TAG,
  HTML_URL_ATTRIBUTES,
} from '../../src/purposes/html/profile.js';

type TreeNode = DefaultTreeAdapterMap['node'];
type TreeElement = DefaultTreeAdapterMap['element'];

const HTML_NAMESPACE = parse5Html.NS.HTML;
const FORBIDDEN = new Set(HTML_FORBIDDEN_CONTENTS);

/**
 * The parsed input as the profile's findings count it: every element and other node that leaves, counted
 * once where it stands (the content of an element removed with its content is not counted again), and the
 * attributes of elements the profile may keep.
 */
export interface MarkupCensus {
  /** Every HTML element name in the tree, also those the parser created without a tag. */
  readonly names: ReadonlySet<string>;
  /** Elements in the value (not the document's `html`, `head`, `body`), images included. */
  readonly elements: number;
  /** Image elements among `elements`. */
  readonly images: number;
  /** Attributes on the body and on elements whose name `keeps` holds. */
  readonly attributes: number;
  /** Comments, the doctype and other non-element nodes that leave. */
  readonly nodes: number;
  /**
   * The URL attribute value (`href`, `src`) of every element `keeps` holds that may carry one, in document
   * order, `null` where it has none: what the egress check would have seen where the browser removed it.
   */
  readonly urls: readonly (string | null)[];
}

/** Counts a parse5 document the way the profile's sanitizer reports what it removes. */
export function censusOf(tree: DefaultTreeAdapterMap['document'], keeps: ReadonlySet<string>): MarkupCensus {
  const census: Counting = { names: new Set(), elements: 0, images: 0, attributes: 0, nodes: 0, urls: [] };
  for (const node of tree.childNodes) {
    if (!isElement(node) || node.tagName !== 'html') countOne(node, census);
    else
      for (const child of node.childNodes) {
        if (isElement(child) && child.tagName === 'body') {
          census.attributes += child.attrs.length;
          walk(child, census, keeps);
        } else if (isElement(child) && child.tagName === 'head') {
          for (const inHead of child.childNodes) countOne(inHead, census);
        } else countOne(child, census);
      }
  }
  return census;
}

interface Counting {
  names: Set<string>;
  elements: number;
  images: number;
  attributes: number;
  nodes: number;
  urls: (string | null)[];
}

function walk(parent: TreeElement, census: Counting, keeps: ReadonlySet<string>): void {
  for (const node of parent.childNodes) {
    if (!isElement(node)) {
      if (node.nodeName !== '#text') census.nodes++;
      continue;
    }
    countElement(node, census);
    if (isTemplate(node)) walkTemplate(node.content, census, keeps);
    // Foreign content (svg, math) and forbidden elements leave with everything inside them.
    if (node.namespaceURI !== HTML_NAMESPACE || FORBIDDEN.has(node.tagName)) continue;
    if (keeps.has(node.tagName)) countKept(node, census);
    walk(node, census, keeps);
  }
}

/**
 * A template's content leaves with the template, but DOMPurify sanitizes it first and reports what it removes
 * there: every node but the elements the profile keeps, and the content of nested templates likewise.
 */
function walkTemplate(
  content: { readonly childNodes: readonly TreeNode[] },
  census: Counting,
  keeps: ReadonlySet<string>,
): void {
  for (const node of content.childNodes) {
    if (!isElement(node)) {
      if (node.nodeName !== '#text') census.nodes++;
      continue;
    }
    const html = node.namespaceURI === HTML_NAMESPACE;
    if (!(html && keeps.has(node.tagName))) countElement(node, census);
    if (isTemplate(node)) walkTemplate(node.content, census, keeps);
    else if (html && !FORBIDDEN.has(node.tagName)) walkTemplate(node, census, keeps);
  }
}

function isTemplate(node: TreeElement): node is DefaultTreeAdapterMap['template'] {
  return node.namespaceURI === HTML_NAMESPACE && node.tagName === 'template';
}

function countKept(element: TreeElement, census: Counting): void {
  census.attributes += element.attrs.length;
  const url = HTML_URL_ATTRIBUTES[element.tagName];
  if (url !== undefined) census.urls.push(element.attrs.find((attr) => attr.name === url)?.value ?? null);
}

/** A node outside the body: counted alone, its content never reaches the output. */
function countOne(node: TreeNode, census: Counting): void {
  if (isElement(node)) countElement(node, census);
  else if (node.nodeName !== '#text') census.nodes++;
}

function countElement(element: TreeElement, census: Counting): void {
  census.elements++;
  if (element.namespaceURI !== HTML_NAMESPACE) return;
  census.names.add(element.tagName);
  if (element.tagName === HTML_IMAGE_TAG) census.images++;
}

function isElement(node: TreeNode): node is TreeElement {
  return 'tagName' in node;
}

// The DOM of a Markdown stream: final blocks in order, the open blocks after them, and the word being written.
import type { MarkupWriter } from '../shared/trusted-markup.js';
import type { WordPlace } from './stream-words.js';

/**
 * The longest the text node at the end may grow before text goes into a new one after it: changing a text node
 * copies all of it, so one node growing with every chunk would copy the whole paragraph each time.
 */
const MAX_TAIL = 256;

/**
 * Owns an element's children while a stream writes into it. Nodes are made in an inert document (no window:
 * nothing loads, nothing runs) and then moved in, so an allowed image starts loading only once its block is in
 * the page: built from tokens by the stream, or parsed from markup through the writer (the `agent-airlock`
 * Trusted Types policy where the page has Trusted Types). Text written before it is parsed goes into an
 * existing text node, as text: nothing here makes an element out of it.
 */
export class StreamView {
  private open: ChildNode[] = [];
  /** The text node the next chunk of text goes into, while the shown text ends with the word being written. */
  private tail: Text | undefined;
  /**
   * Where markup is parsed: an element of a document without a window. Parsing there costs a fraction of
   * parsing into a `<template>`, which matters at one parse per line of the answer.
   */
  private readonly scratch: Element;

  constructor(
    private readonly element: Element,
    private readonly writer: MarkupWriter,
  ) {
    element.replaceChildren();
    this.scratch = element.ownerDocument.implementation.createHTMLDocument('').createElement('div');
  }

  /** The inert document the stream's nodes are made in before they are moved into the page. */
  get document(): Document {
    return this.scratch.ownerDocument;
  }

  /**
   * Appends the nodes of blocks that became final after those already final, replaces the open blocks with
   * `open`, and shows `word` where `placeholder` landed in them. Returns where that was.
   */
  show(
    final: readonly ChildNode[],
    open: ChildNode[],
    placeholder: string | undefined,
    word: string,
  ): WordPlace {
    for (const node of this.open) node.remove();
    this.open = open;
    this.element.append(...final, ...open);
    this.tail = placeholder === undefined ? undefined : this.findTail(placeholder, word);
    return this.tail === undefined ? 'other' : placeOf(this.tail, this.element);
  }

  /** Shows more text after what is shown, as text, where the word being written is. */
  append(chunk: string): void {
    const tail = this.tail;
    if (tail === undefined) return;
    if (tail.length < MAX_TAIL) {
      tail.appendData(chunk);
      return;
    }
    this.tail = tail.ownerDocument.createTextNode(chunk);
    tail.after(this.tail);
  }

  /** Stops showing the word being written where it was (the text before it changed and is not parsed yet). */
  leaveWord(): void {
    this.tail = undefined;
  }

  /**
   * Makes the element's children the nodes of `html` (the whole text's rendering), keeping the shown nodes
   * that already equal them — final blocks stay as they are, so an image in them does not load again.
   */
  settle(html: string): void {
    const nodes = this.nodesOf(html);
    const shown = Array.from(this.element.childNodes);
    let same = 0;
    while (
      same < shown.length &&
      same < nodes.length &&
      shown[same]?.isEqualNode(nodes[same] ?? null) === true
    )
      same++;
    for (const node of shown.slice(same)) node.remove();
    this.element.append(...nodes.slice(same));
    this.open = [];
    this.tail = undefined;
  }

  /** The nodes of markup, written through the writer into the inert document. */
  nodesOf(html: string): ChildNode[] {
    this.writer.write(this.scratch, html);
    return Array.from(this.scratch.childNodes);
  }

  /**
   * Finds the text node holding the placeholder, searched from the end of the open blocks (where it nearly
   * always is), and splits the placeholder off into a text node of its own that shows `word`.
   */
  private findTail(placeholder: string, word: string): Text | undefined {
    for (let index = this.open.length - 1; index >= 0; index--) {
      const top = this.open[index];
      if (top === undefined) continue;
      const walker = this.element.ownerDocument.createTreeWalker(top, NODE_FILTER_SHOW_TEXT);
      let node: Node | null = walker.lastChild();
      while (node !== null && walker.lastChild() !== null) node = walker.currentNode;
      if (top.nodeType === TEXT_NODE) node = top;
      for (; node !== null; node = walker.previousNode()) {
        const start = node.nodeType === TEXT_NODE ? (node as Text).data.indexOf(placeholder) : -1;
        if (start !== -1) return ownNode(node as Text, start, placeholder.length, word);
      }
    }
    return undefined;
  }
}

const TEXT_NODE = 3;
const NODE_FILTER_SHOW_TEXT = 4;

/** The `length` code units at `start` of a text node as a text node of their own, holding `text` instead. */
function ownNode(node: Text, start: number, length: number, text: string): Text {
  const own = start === 0 ? node : node.splitText(start);
  if (own.length > length) own.splitText(length);
  own.data = text;
  return own;
}

/** Running text, unless inside a link (never extended) or preformatted code (a fence, if the parse says so). */
function placeOf(node: Text, root: Element): WordPlace {
  let place: WordPlace = 'text';
  for (let parent = node.parentElement; parent !== null && parent !== root; parent = parent.parentElement) {
    if (parent.localName === 'a') return 'other';
    if (parent.localName === 'pre') place = 'fence';
  }
  return place;
}

// createMarkdownStream: Markdown rendered into an element as it arrives, final blocks kept, under the egress policy.
import type { Token } from 'markdown-it';
import { markupWriterFor } from '../shared/trusted-markup.js';
import { engineFor, type MarkdownEngine, type ParseEnvironment } from './engine.js';
import { createLinkGuard, type LinkGuard } from './link-guard.js';
import { resolveMarkdownOptions, type MarkdownOptions } from './options.js';
import type { MarkdownRenderReport } from './render-dom.js';
import { countLineBreaks, cutFinalBlocks, lineOffset } from './stream-blocks.js';
import { StreamView } from './stream-view.js';
import { nodesOfTokens } from './token-dom.js';
import {
  endOfLastBreak,
  extendsInPlace,
  markerEnding,
  onlyMarkers,
  placeholderFor,
  withinLine,
  type WordContext,
  type WordPlace,
} from './stream-words.js';

/** A Markdown answer being written into an element, chunk by chunk. */
export interface MarkdownStream {
  /** Adds text and shows it. A chunk may end anywhere, also inside a link, an entity or a surrogate pair. */
  write(chunk: string): void;
  /** Ends the text: the element then holds exactly what `renderMarkdownInto` makes of all of it. */
  end(): Promise<MarkdownRenderReport>;
}

/**
 * Renders Markdown into `element` while it is still being written — a model's answer as it streams — replacing
 * the element's children. Blocks that no later text can change are rendered once and kept; only the open
 * blocks at the end are parsed again, and words written after the last parse go into the shown text as text.
 * Parsing stops at the last white space: the word being written is shown as plain text until white space
 * follows it, so a link, image, autolink, bare URL or reference definition still being written is never a
 * link and never loads before its URL is complete and checked by the egress policy. An open code fence
 * renders as code. Everything goes through the same markdown-it, policy, image mode and Trusted Types policy
 * as `renderMarkdownInto` (while it streams, blocks are built as nodes straight from the tokens, writing no
 * markup); a page without a window or whose CSP refuses that policy gets the text as text.
 * `end()` resolves with the findings of the whole text, once the element holds exactly what
 * `renderMarkdownInto` would make of it. Options as for `renderMarkdown` (a mistake throws a TypeError), as does
 * writing after `end()` or writing a non-string; never throws on content.
 */
export function createMarkdownStream(element: Element, options: MarkdownOptions): MarkdownStream {
  const resolved = resolveMarkdownOptions(options);
  const engine = engineFor(resolved);
  const window = element.ownerDocument.defaultView;
  const writer = window === null ? undefined : markupWriterFor(window);
  const stream = writer === undefined ? textStream(element) : new Stream(element, engine, resolved, writer);
  let ended = false;
  return {
    write(chunk) {
      if (typeof chunk !== 'string') throw new TypeError('A Markdown stream takes string chunks.');
      if (ended) throw new TypeError('A Markdown stream cannot be written after end().');
      if (chunk !== '') stream.write(chunk);
    },
    end() {
      if (ended) throw new TypeError('A Markdown stream ends once.');
      ended = true;
      return Promise.resolve({ findings: stream.end() });
    },
  };
}

interface StreamWriter {
  write(chunk: string): void;
  end(): MarkdownRenderReport['findings'];
}

/** Where no markup can be written: the text as one text node, as `renderMarkdownInto` shows it there. */
function textStream(element: Element): StreamWriter {
  const node = element.ownerDocument.createTextNode('');
  element.replaceChildren(node);
  return {
    write: (chunk) => {
      node.appendData(chunk);
    },
    end: () => [],
  };
}

/**
 * How much of a line's start the stream keeps: enough to see indentation, container markers and a fence. What a
 * word may be is decided by the line's start; a longer line only ever looks as if its content had not begun.
 */
const LINE_HEAD = 16;

/** Text shown as written before the open blocks are parsed again: this many characters at least… */
const MIN_APPROXIMATION = 64;
/** …or this share of the open blocks' length, whichever is more. */
const APPROXIMATION_SHARE = 1;

class Stream implements StreamWriter {
  private readonly view: StreamView;
  private readonly guard: LinkGuard;
  /** The text of the final blocks, in pieces (joined once, at the end). */
  private readonly done: string[] = [];
  /** The text of the open blocks up to the last white space: what the next parse reads. */
  private region = '';
  /** The word being written: everything after the last white space. */
  private word = '';
  /** How the current line starts, before the word being written: its first {@link LINE_HEAD} characters. */
  private line = '';
  private references: NonNullable<ParseEnvironment['references']> = {};
  private place: WordPlace = 'other';
  private destinationMayBeOpen = false;
  /** Words after the last parse that were not shown (only markers so far): the next words are parsed. */
  private waiting = '';
  /** How much text is shown as written since the last parse, although a parse might show it otherwise. */
  private approximated = 0;

  constructor(
    element: Element,
    private readonly engine: MarkdownEngine,
    private readonly options: ReturnType<typeof resolveMarkdownOptions>,
    writer: NonNullable<ReturnType<typeof markupWriterFor>>,
  ) {
    this.view = new StreamView(element, writer);
    this.guard = createLinkGuard(options.policy);
  }

  // Each piece of text is kept once, in the part it belongs to: appending to one growing string and slicing
  // it at every chunk would copy the whole answer each time.
  write(chunk: string): void {
    const cut = endOfLastBreak(chunk);
    if (cut === -1) {
      this.word += chunk;
      this.view.append(chunk);
      return;
    }
    const words = this.word + chunk.slice(0, cut);
    // A line that ends and a next line holding only markers so far: the line's words are shown now, the
    // markers wait for the text they mark up.
    const markers = this.waiting === '' ? markerEnding(words) : 0;
    const shown = words.slice(0, words.length - markers);
    const step = markers === words.length ? 'wait' : this.stepFor(shown);
    this.region += words;
    this.word = chunk.slice(cut);
    const lineBreak = Math.max(words.lastIndexOf('\n'), words.lastIndexOf('\r'));
    const line = lineBreak === -1 ? this.line + words : words.slice(lineBreak + 1);
    this.line = line.length > LINE_HEAD ? line.slice(0, LINE_HEAD) : line;
    if (step === 'parse') {
      this.parse();
      return;
    }
    if (step !== 'wait') this.view.append(markers === 0 ? chunk : chunk.slice(0, cut - markers));
    if (step === 'approximate') this.approximated += shown.length;
    if (step === 'wait' || markers > 0) {
      this.waiting += step === 'wait' ? words : words.slice(words.length - markers);
      this.view.leaveWord();
    }
  }

  /**
   * What to do with words that end in white space: show them as they are where the parse would put the same
   * text (`exact`); show them as text for now (`approximate`) while they stay in one line of running text and
   * the text shown so since the last parse is short next to the open blocks; wait while they hold only markers
   * (at a line's start: a list, quote, heading or table row waiting for its text); parse otherwise. So a long
   * block is parsed again after it grew by a share of its length, not at every word, and markup written inside
   * a line (emphasis, a link, a table row's next cells) may show as written until then.
   */
  private stepFor(words: string): 'exact' | 'approximate' | 'wait' | 'parse' {
    if (this.waiting !== '') return onlyMarkers(this.waiting + words) ? 'wait' : 'parse';
    const context = this.context();
    if (this.approximated === 0 && extendsInPlace(words, context)) return 'exact';
    const budget = Math.max(MIN_APPROXIMATION, this.region.length * APPROXIMATION_SHARE);
    if (withinLine(words, context) && this.approximated + words.length <= budget) return 'approximate';
    return onlyMarkers(words) ? 'wait' : 'parse';
  }

  private context(): WordContext {
    return {
      place: this.place,
      linePrefix: this.line,
      linkify: this.options.linkify,
      destinationMayBeOpen: this.destinationMayBeOpen,
    };
  }

  end(): MarkdownRenderReport['findings'] {
    const { html, findings } = this.engine.render(this.done.join('') + this.region + this.word);
    this.view.settle(html);
    return findings;
  }

  /** Parses the open blocks with a placeholder for the word being written, and keeps what became final. */
  private parse(): void {
    this.waiting = '';
    this.approximated = 0;
    const placeholder = placeholderFor(this.region);
    const text = placeholder === undefined ? this.region : this.region + placeholder;
    const env: ParseEnvironment = { references: { ...this.references } };
    const tokens = this.engine.parse(text, this.guard, env);
    const cut = cutFinalBlocks(tokens, countLineBreaks(text), (line) => {
      const first = text.charAt(lineOffset(text, line));
      return first === placeholder ? this.word.charAt(0) : first;
    });
    let final: ChildNode[] = [];
    if (cut.token > 0) {
      final = this.nodesOf(tokens.slice(0, cut.token), env);
      this.references = { ...env.references };
      const offset = lineOffset(text, cut.line);
      this.done.push(this.region.slice(0, offset));
      this.region = this.region.slice(offset);
    }
    const open = this.nodesOf(tokens.slice(cut.token), env);
    this.destinationMayBeOpen = this.region.includes('](');
    const place = this.view.show(final, open, placeholder, this.word);
    this.place = place === 'fence' && !isOpenFence(tokens.at(-1), text) ? 'other' : place;
  }

  /** The nodes of some tokens: built from them, or where they hold what is not built, parsed from their HTML. */
  private nodesOf(tokens: Token[], env: ParseEnvironment): ChildNode[] {
    const built = nodesOfTokens(tokens, this.view.document, this.engine.languageClass);
    return built ?? this.view.nodesOf(this.engine.renderTokens(tokens, env));
  }
}

/** A fenced code block at the top level whose fence starts its line: its lines are the code as written. */
function isOpenFence(token: Token | undefined, text: string): boolean {
  if (token?.type !== 'fence' || token.level !== 0 || token.map === null) return false;
  return text.startsWith(token.markup, lineOffset(text, token.map[0]));
}

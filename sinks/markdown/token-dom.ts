// markdown-it tokens made into DOM nodes directly, as parsing the renderer's HTML would make them, for a stream.
import type { Token } from 'markdown-it';
import { altText } from './egress-rule.js';

/** The elements markdown-it's renderer writes with raw HTML off: nothing else is built. */
const TAGS: ReadonlySet<string> = new Set(
  'p h1 h2 h3 h4 h5 h6 blockquote ul ol li table thead tbody tr th td hr em strong s a img br code pre'.split(
    ' ',
  ),
);
/** The attributes its tokens carry (links and images after the egress rule, list starts, cell alignment). */
const ATTRIBUTES: ReadonlySet<string> = new Set([
  'href',
  'src',
  'alt',
  'title',
  'rel',
  'start',
  'style',
  'class',
]);

/** How a fence's info string names its language, as markdown-it's renderer writes it into `class`. */
export type LanguageClass = (info: string) => string | undefined;

/**
 * Builds the nodes of `tokens` in `document` — the elements, attributes and text that parsing markdown-it's
 * HTML of them would give, text nodes joined as the HTML parser joins them — without writing or parsing any
 * markup, which at one parse per line of a streamed answer costs far less. Only the tags and attributes
 * markdown-it's renderer writes with raw HTML off are built, their values taken from the tokens as the egress
 * rule left them; for any other token it returns `undefined` and the caller renders HTML instead.
 */
export function nodesOfTokens(
  tokens: readonly Token[],
  document: Document,
  languageClass: LanguageClass,
): ChildNode[] | undefined {
  const root = document.createDocumentFragment();
  const builder = new TokenBuilder(document, root, languageClass);
  return builder.blocks(tokens) ? Array.from(root.childNodes) : undefined;
}

class TokenBuilder {
  private parent: ParentNode;
  private readonly stack: ParentNode[] = [];

  constructor(
    private readonly document: Document,
    root: ParentNode,
    private readonly languageClass: LanguageClass,
  ) {
    this.parent = root;
  }

  blocks(tokens: readonly Token[]): boolean {
    return tokens.every((token, index) => {
      if (token.type === 'inline') return this.inlines(token.children ?? []);
      if (token.type === 'fence' || token.type === 'code_block') return this.code(token);
      return this.token(tokens, index);
    });
  }

  private inlines(tokens: readonly Token[]): boolean {
    for (let index = 0; index < tokens.length; index++) if (!this.inline(tokens, index)) return false;
    return true;
  }

  private inline(tokens: readonly Token[], index: number): boolean {
    const token = tokens[index];
    switch (token?.type) {
      case 'text':
        this.text(token.content);
        return true;
      case 'softbreak':
        this.text('\n');
        return true;
      case 'hardbreak':
        this.parent.append(this.document.createElement('br'));
        this.text('\n');
        return true;
      case 'code_inline':
        return this.element('code', token.attrs, token.content) !== undefined;
      case 'image':
        return (
          this.element('img', [...(token.attrs ?? [])], undefined, altText(token.children ?? [])) !==
          undefined
        );
      default:
        return token !== undefined && token.type !== 'html_inline' && this.token(tokens, index);
    }
  }

  /** A fenced or indented code block: `<pre><code>` with the language's class, then a line break. */
  private code(token: Token): boolean {
    const pre = this.element('pre', token.type === 'code_block' ? token.attrs : null);
    if (pre === undefined) return false;
    const info = token.type === 'fence' ? token.info : '';
    const language = info === '' ? undefined : this.languageClass(info);
    const attrs = [...(token.type === 'fence' ? (token.attrs ?? []) : [])];
    if (language !== undefined) {
      const index = attrs.findIndex(([name]) => name === 'class');
      if (index === -1) attrs.push(['class', language]);
      else attrs[index] = ['class', `${attrs[index]?.[1] ?? ''} ${language}`];
    }
    this.stack.push(this.parent);
    this.parent = pre;
    const code = this.element('code', attrs, token.content);
    this.parent = this.stack.pop() ?? this.parent;
    this.text('\n');
    return code !== undefined;
  }

  /** markdown-it's `renderToken`: an opening, closing or empty element, and the line breaks it writes. */
  private token(tokens: readonly Token[], index: number): boolean {
    const token = tokens[index];
    if (token === undefined || token.hidden) return true;
    if (!TAGS.has(token.tag)) return false;
    let prev = index - 1;
    while (prev >= 0 && tokens[prev]?.hidden === true && tokens[prev]?.nesting === 0) prev--;
    const before = tokens[prev];
    if (token.block && token.nesting !== -1 && before?.hidden === true && before.nesting === -1)
      this.text('\n');
    if (token.nesting === -1) this.parent = this.stack.pop() ?? this.parent;
    else {
      const element = this.element(token.tag, token.attrs);
      if (element === undefined) return false;
      if (token.nesting === 1) {
        this.stack.push(this.parent);
        this.parent = element;
      }
    }
    if (token.block && needsLineBreak(tokens, index, token)) this.text('\n');
    return true;
  }

  /** Appends an element with the given attributes (and text); `undefined` for a tag or attribute not built. */
  private element(tag: string, attrs: Token['attrs'], text?: string, alt?: string): Element | undefined {
    if (!TAGS.has(tag)) return undefined;
    const element = this.document.createElement(tag);
    for (const [name, value] of attrs ?? []) {
      if (!ATTRIBUTES.has(name)) return undefined;
      element.setAttribute(name, name === 'alt' && alt !== undefined ? alt : String(value));
    }
    if (text !== undefined && text !== '') element.append(text);
    this.parent.append(element);
    return element;
  }

  /** Appends text, joined to a text node right before it as the HTML parser joins text. */
  private text(data: string): void {
    if (data === '') return;
    const last = this.parent.lastChild;
    if (last !== null && last.nodeType === TEXT_NODE) (last as Text).appendData(data);
    else this.parent.append(data);
  }
}

const TEXT_NODE = 3;

/** Whether markdown-it's renderer writes a line break after a block token's tag. */
function needsLineBreak(tokens: readonly Token[], index: number, token: Token): boolean {
  if (token.nesting !== 1) return true;
  let next = index + 1;
  while (next < tokens.length && tokens[next]?.hidden === true && tokens[next]?.nesting === 0) next++;
  const after = tokens[next];
  if (after === undefined) return true;
  if (after.type === 'inline' || after.hidden) return false;
  return !(after.nesting === -1 && after.tag === token.tag);
}

// Renames what makes a browser file a CSP report while DOMPurify merely parses hostile markup, before it parses.
import { Parser, Token, type DefaultTreeAdapterMap } from 'parse5';

/**
 * Chromium reports a `securitypolicyviolation` for an inline event handler (`on…`), a `style` attribute, a
 * `<style>` element and a `<base href>` as soon as its parser meets them in any document of a page with a CSP —
 * a `DOMParser` document, a template's content, even the Sanitizer API's own parse — although nothing there can
 * run, load or apply. A page with `report-to` would get a report for every hostile value rendered.
 *
 * The source is first read by parse5, the parser the specification describes, with scripting off as in a
 * `DOMParser` document; the tokens it meets (also those tree construction then ignores) say where each such
 * name is written. There, and only there, the name is replaced: an attribute by a fresh `data-` name the
 * profile removes as it removes the original (one removal each, as before), `style` by `noframes` and `base`
 * by `basefont`, which the parser places by the same rules and DOMPurify removes, with their content, as it
 * removes the originals. Nothing is added and no name the profile keeps is touched, so DOMPurify's output and
 * findings stay those of the original markup; DOMPurify still parses and sanitizes the result, and keeps the
 * last word. Never throws: a source parse5 cannot read is returned as it is.
 */
export function quietMarkup(source: string): string {
  return readMarkup(source).quiet;
}

/** Markup made quiet, with the document parse5 built from the original source on the way (when it could). */
export interface ReadMarkup {
  readonly quiet: string;
  readonly tree: DefaultTreeAdapterMap['document'] | undefined;
}

/** {@link quietMarkup}, also returning the document parse5 built from the source (none without `<`). */
export function readMarkup(source: string): ReadMarkup {
  if (!source.includes('<')) return { quiet: source, tree: undefined };
  const edits: Edit[] = [];
  const prefix = freshPrefix(source);
  let tree: DefaultTreeAdapterMap['document'];
  try {
    tree = Recorder.record(source, (token) => {
      collectEdits(token, source, prefix, edits);
    });
  } catch {
    return { quiet: source, tree: undefined };
  }
  return { quiet: applyEdits(source, edits), tree };
}

/** One replacement: `length` code units at `offset` become `text`. */
interface Edit {
  readonly offset: number;
  readonly length: number;
  readonly text: string;
}

/** Elements Chromium reports when parsed, and the element the parser treats alike that it does not report. */
const QUIET_ELEMENTS: Readonly<Record<string, string>> = Object.freeze({
  style: 'noframes',
  base: 'basefont',
});

/** Attributes Chromium reports when parsed: every event handler, and `style`. */
const LOUD_ATTRIBUTE = /^(?:on|style$)/;

/** A parse5 parser that hands every tag token to a listener before tree construction sees it. */
class Recorder extends Parser<DefaultTreeAdapterMap> {
  private listener: (token: Token.TagToken) => void = () => undefined;

  static record(
    source: string,
    listener: (token: Token.TagToken) => void,
  ): DefaultTreeAdapterMap['document'] {
    const parser = new Recorder({ sourceCodeLocationInfo: true, scriptingEnabled: false });
    parser.listener = listener;
    parser.tokenizer.write(source, true);
    return parser.document;
  }

  override onStartTag(token: Token.TagToken): void {
    this.listener(token);
    super.onStartTag(token);
  }

  override onEndTag(token: Token.TagToken): void {
    this.listener(token);
    super.onEndTag(token);
  }
}

function collectEdits(token: Token.TagToken, source: string, prefix: string, edits: Edit[]): void {
  const location = token.location;
  if (location === null) return;
  const quiet = QUIET_ELEMENTS[token.tagName];
  if (quiet !== undefined) {
    // `<name` or `</name`: the name starts after the `<` and the optional `/`.
    const offset = location.startOffset + (source[location.startOffset + 1] === '/' ? 2 : 1);
    edits.push({ offset, length: token.tagName.length, text: quiet });
  }
  if (token.type !== Token.TokenType.START_TAG || location.attrs === undefined) return;
  for (const [name, at] of Object.entries(location.attrs)) {
    if (LOUD_ATTRIBUTE.test(name))
      edits.push({ offset: at.startOffset, length: name.length, text: `${prefix}${String(edits.length)}` });
  }
}

/** A `data-` prefix that occurs nowhere in the source, so a new name never meets one already on the tag. */
function freshPrefix(source: string): string {
  const lower = source.toLowerCase();
  let prefix = 'data-airlock-quiet';
  while (lower.includes(prefix)) prefix += 'x';
  return `${prefix}-`;
}

function applyEdits(source: string, edits: readonly Edit[]): string {
  if (edits.length === 0) return source;
  const sorted = [...edits].sort((a, b) => a.offset - b.offset);
  let out = '';
  let from = 0;
  for (const edit of sorted) {
    if (edit.offset < from) continue; // never two edits over the same characters
    out += source.slice(from, edit.offset) + edit.text;
    from = edit.offset + edit.length;
  }
  return out + source.slice(from);
}

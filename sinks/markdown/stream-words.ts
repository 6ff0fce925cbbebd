// What a Markdown stream may show without parsing again: the word still being written, and plain words after.

/** What ends a word: space, tab, line feed, carriage return (as code units). */
const WORD_BREAKS: ReadonlySet<number> = new Set([0x20, 0x09, 0x0a, 0x0d]);

/**
 * The offset just after the last white space of `text`, or `-1` when it has none. A stream parses its text up
 * to there: a link, image, autolink, bare URL or reference definition still being written has no white space
 * after its end yet, so none is parsed (or checked, or shown live) before its URL is complete.
 */
export function endOfLastBreak(text: string): number {
  for (let index = text.length - 1; index >= 0; index--) {
    if (WORD_BREAKS.has(text.charCodeAt(index))) return index + 1;
  }
  return -1;
}

/** Private-use code points the stream marks the place of the word being written with. */
const PLACEHOLDER_FIRST = 0xe000;
const PLACEHOLDER_COUNT = 0x100;

/**
 * A private-use character that `text` does not hold: markdown-it treats it as a letter, so put where the word
 * being written goes it lands where that word's text would, and is found again in the rendered DOM. `undefined`
 * when the text holds all of them (then the word being written is not shown until it is parsed).
 */
export function placeholderFor(text: string): string | undefined {
  for (let offset = 0; offset < PLACEHOLDER_COUNT; offset++) {
    const candidate = String.fromCodePoint(PLACEHOLDER_FIRST + offset);
    if (!text.includes(candidate)) return candidate;
  }
  return undefined;
}

/** Where the word being written was rendered: in running text, in a fenced code block, or somewhere else. */
export type WordPlace = 'text' | 'fence' | 'other';

/**
 * Characters that start no Markdown construct in running text: letters, marks, digits, spaces, a little
 * punctuation, and what only linkify reads (`.`, `:`, `/`, `@`). Nothing of them can open, close or join
 * emphasis, code, a link, an entity, a break or a table cell. `)` is added only where no link destination can
 * be open, since it would close one.
 */
const PLAIN = /^[\p{L}\p{M}\p{N} ,'"?!;%$(.:/@]*$/u;
const PLAIN_CLOSING = /^[\p{L}\p{M}\p{N} ,'"?!;%$().:/@]*$/u;

/** The same without what linkify reads: with linkify on, a word with them may be a URL. */
const PLAIN_LINKIFY = /^[\p{L}\p{M}\p{N} ,'"?!;%$(]*$/u;
const PLAIN_LINKIFY_CLOSING = /^[\p{L}\p{M}\p{N} ,'"?!;%$()]*$/u;

/**
 * A line holding only indentation and container markers (`>`, `-`, `+`, `*`, `1.`, `1)`) so far: what comes
 * next starts a block's content, where `1.` or `1)` would start an ordered list item.
 */
const CONTENT_START = /^[ \t>\-+*\d.)]*$/;
const ORDERED_MARKER = /^\d{1,9}[.)]/;

/** A line that could close a fenced code block (or is a fence of its own). */
const FENCE_LINE = /^ {0,3}(?:`{3}|~{3})/;

/** What the stream knows of the place where new words go. */
export interface WordContext {
  readonly place: WordPlace;
  /** What the current line holds before the new words. */
  readonly linePrefix: string;
  readonly linkify: boolean;
  /** Whether the open blocks hold `](`, so that a `)` could close a link destination. */
  readonly destinationMayBeOpen: boolean;
}

/**
 * Whether words written after the parsed part may go straight into the rendered text, before the word being
 * written, with the same result as parsing again. In running text the words must be plain, and at the start
 * of a block's content begin with neither white space (it would be indentation) nor an ordered list marker; in a top-level fenced code block anything goes except a line that
 * could close the fence. Nothing here creates an element: at worst a wrong answer shows text that a parse
 * would have shown differently, until the next parse.
 */
export function extendsInPlace(words: string, context: WordContext): boolean {
  if (words.includes('\r') || words.includes('\0')) return false;
  const { place, linePrefix } = context;
  if (place === 'fence') return (linePrefix + words).split('\n').every((line) => !FENCE_LINE.test(line));
  if (place !== 'text' || words.includes('\n') || words.includes('\t')) return false;
  if (CONTENT_START.test(linePrefix) && (words.startsWith(' ') || ORDERED_MARKER.test(words))) return false;
  const closing = !context.destinationMayBeOpen;
  if (context.linkify) return (closing ? PLAIN_LINKIFY_CLOSING : PLAIN_LINKIFY).test(words);
  return (closing ? PLAIN_CLOSING : PLAIN).test(words);
}

/** Words that only mark up blocks to come (list, quote, heading, table and fence markers, line breaks). */
const MARKERS_ONLY = /^(?:[\s#>\-+*|:=`~_]|\d{1,9}[.)])*$/;

/**
 * Whether new words hold no text of their own yet, only markers: parsing them would show nothing that the
 * next word does not show as well, so the stream waits for that word (at the end, everything is parsed).
 */
export function onlyMarkers(words: string): boolean {
  return MARKERS_ONLY.test(words);
}

/**
 * How many characters at the end of `words` start with a line break and hold only markers (a blank line, the
 * marker of a list item, quote or table row still waiting for its text); `0` when they do not end so.
 */
export function markerEnding(words: string): number {
  for (let index = words.search(/[\n\r]/); index !== -1; index = words.indexOf('\n', index + 1)) {
    if (MARKERS_ONLY.test(words.slice(index))) return words.length - index;
  }
  return 0;
}

/**
 * Whether words stay inside one line of running text that already has content: shown as written, they can
 * look unlike their parse (emphasis, code or a link shown as typed) but change no block.
 */
export function withinLine(words: string, context: WordContext): boolean {
  if (context.place !== 'text' || words.includes('\n') || words.includes('\r')) return false;
  return !CONTENT_START.test(context.linePrefix);
}

// escapeMarkdown: untrusted text as Markdown that renders as exactly that literal text, in one paragraph.

/** Every ASCII punctuation character: CommonMark lets a backslash make each of them literal. */
const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/g;

/** White space that a paragraph trims from its ends (JavaScript's `trim`, which markdown-it uses). */
const EDGE_SPACE = /\s/u;

/** Line tabulation: trimmed at a paragraph's ends, and CommonMark has no character reference for it. */
const LINE_TABULATION = '\u000b';

/**
 * Backslash-escapes every ASCII punctuation character of a string, so that no Markdown construct (emphasis,
 * code, link, image, autolink, entity, table cell, list or heading marker) can start from it.
 */
export function escapeAsciiPunctuation(text: string): string {
  return text.replace(ASCII_PUNCTUATION, '\\$&');
}

/**
 * Turns untrusted text into Markdown that a CommonMark renderer (with raw HTML on or off, linkify on or off)
 * shows as exactly that text, never as markup, a link or an image:
 * - every ASCII punctuation character is backslash-escaped;
 * - every line feed and carriage return becomes a numeric character reference (`&#10;`, `&#13;`), so the
 *   result is one line: no block structure can form, and the line breaks survive as characters of the text;
 * - white space at the start and the end becomes numeric character references, so it is not trimmed and
 *   cannot indent a code block.
 *
 * Rendered, the result is one paragraph whose text is the input, with two normalisations that Markdown
 * imposes and no character reference can undo: U+0000 becomes U+FFFD, and U+000B at the very start or end is
 * dropped (this function drops it). The empty string renders as nothing. In HTML, browsers collapse white
 * space in a paragraph unless the UI styles it `white-space: pre-wrap`.
 */
export function escapeMarkdown(text: string): string {
  const chars = Array.from(trimLineTabulation(text));
  let start = 0;
  while (start < chars.length && isEdgeSpace(chars[start])) start++;
  let end = chars.length;
  while (end > start && isEdgeSpace(chars[end - 1])) end--;
  let out = '';
  chars.forEach((char, index) => {
    if (index < start || index >= end || char === '\n' || char === '\r') out += characterReference(char);
    else out += escapeAsciiPunctuation(char);
  });
  return out;
}

function trimLineTabulation(text: string): string {
  let start = 0;
  while (text[start] === LINE_TABULATION) start++;
  let end = text.length;
  while (end > start && text[end - 1] === LINE_TABULATION) end--;
  return text.slice(start, end);
}

function isEdgeSpace(char: string | undefined): boolean {
  return char !== undefined && char !== LINE_TABULATION && EDGE_SPACE.test(char);
}

function characterReference(char: string): string {
  return `&#${String(char.codePointAt(0))};`;
}

// escapeMarkdown, property-tested: any text renders as exactly that text in one paragraph, never as markup.
import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { escapeMarkdown } from '../../../sinks/markdown/escape.js';
import { renderMarkdown } from '../../../sinks/markdown/render.js';
import { defineEgressPolicy } from '../../../src/egress/policy.js';

const policy = defineEgressPolicy({ schemes: ['https', 'http'] });

/** Renderers the escaped text must survive: the sink (linkify off and on) and a permissive foreign renderer. */
const foreign = new MarkdownIt('default', { html: true, linkify: true, typographer: true });
const RENDERERS: readonly (readonly [string, (source: string) => string])[] = [
  ['sink', (source) => renderMarkdown(source, { policy }).html],
  ['sink with linkify', (source) => renderMarkdown(source, { policy, linkify: true }).html],
  ['markdown-it with raw HTML, linkify and typographer', (source) => foreign.render(source)],
];

/**
 * The text a rendered escape must show, as escapeMarkdown documents it: U+0000 becomes U+FFFD (CommonMark
 * replaces it and no reference can produce it), and runs of U+000B at the very start and end are dropped.
 */
function shownText(text: string): string {
  return text.replaceAll('\u0000', '\uFFFD').replace(/^\v+|\v+$/g, '');
}

/** The paragraph markdown-it writes for a text: its text escaped for HTML, or nothing for the empty text. */
function paragraph(text: string): string {
  if (text === '') return '';
  const escaped = text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
  return `<p>${escaped}</p>\n`;
}

/** Pieces of Markdown syntax, white space and URLs, so random joins often form constructs. */
const PIECES = [
  '*',
  '**',
  '_',
  '`',
  '```',
  '~~~',
  '~~',
  '[',
  ']',
  '(',
  ')',
  '![',
  '](',
  '<',
  '>',
  '#',
  '# ',
  '-',
  '- ',
  '+ ',
  '1. ',
  '2) ',
  '=',
  '===',
  '---',
  '***',
  '|',
  '| --- |',
  '\\',
  '&',
  '&amp;',
  '&#32;',
  '&#x3C;',
  '&copy;',
  ' ',
  '  ',
  '    ',
  '\t',
  '\n',
  '\n\n',
  '\r',
  '\r\n',
  '\u000b',
  '\f',
  '\u00a0',
  '\u2028',
  '\u3000',
  '\ufeff',
  '\u0085',
  '\u0000',
  '\ud800',
  'x',
  'ü',
  '語',
  'http://',
  'https://evil.example/?q=SECRET',
  'www.evil.example',
  'a@b.co',
  'javascript:',
  'mailto:',
  ':',
  '/',
  '.',
  '<script>',
  '<img src=x onerror=alert(1)>',
  '<!--',
  '-->',
  '(c)',
  '...',
  '"',
  "'",
  '[r]: https://evil.example/',
  '<https://evil.example>',
];

const soup = fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }).map((parts) => parts.join(''));
const anyText = fc.oneof(fc.string({ unit: 'binary', maxLength: 120 }), fc.string({ maxLength: 120 }), soup);

describe('escapeMarkdown', () => {
  for (const [name, render] of RENDERERS) {
    it(`renders any text as exactly that text with no element but one paragraph (${name})`, () => {
      fc.assert(
        fc.property(anyText, (text) => {
          expect(render(escapeMarkdown(text))).toBe(paragraph(shownText(text)));
        }),
        { numRuns: 1500 },
      );
    });
  }

  it.each([
    ['emphasis and links', '*a* [b](https://evil.example) ![c](https://evil.example/x.png)'],
    ['a block structure', '# h\n\n    code\n> quote\n- item\n1. item\n---\n| a |\n| - |'],
    ['edge white space', '  \t lead and trail \u00a0\n'],
    ['entities', '&amp; &#60;script&#62; &copy;'],
    ['line tabulation at the edges', '\u000b\u000bx\u000b'],
  ])('keeps %s literal', (_, text) => {
    expect(renderMarkdown(escapeMarkdown(text), { policy, linkify: true }).html).toBe(
      paragraph(shownText(text)),
    );
  });

  it('writes one line: line breaks become character references', () => {
    expect(escapeMarkdown('a\nb\r\nc')).toBe('a&#10;b&#13;&#10;c');
    expect(escapeMarkdown('')).toBe('');
  });
});

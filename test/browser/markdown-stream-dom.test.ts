// createMarkdownStream on jsdom: every CommonMark example streamed ends as renderMarkdownInto renders it at once.
// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { IMAGE_MODES, type MarkdownOptions } from '../../sinks/markdown/options.js';
import { renderMarkdownInto } from '../../sinks/markdown/render-dom.js';
import { createMarkdownStream } from '../../sinks/markdown/stream.js';
import { defineEgressPolicy } from '../../src/egress/policy.js';
import { chunksOf, modelAnswer } from '../../bench/fixtures/model-answer.js';
import { CONFORMANCE_POLICY } from '../sinks/markdown/conformance.js';
import { corpusPath } from '../support/corpora.js';

const policy = defineEgressPolicy({ hosts: ['tickets.example.com'] });

/** The URLs of every link and image in an element. */
function urlsOf(box: Element): string[] {
  return Array.from(
    box.querySelectorAll('a, img'),
    (node) => node.getAttribute('href') ?? node.getAttribute('src') ?? '',
  );
}

/** Streams `text` in chunks of `size` characters, calling `each` after every write; resolves with the element. */
async function stream(
  text: string,
  size: number,
  options: MarkdownOptions = { policy },
  each?: (box: Element) => void,
) {
  const box = document.createElement('div');
  const markdown = createMarkdownStream(box, options);
  for (let at = 0; at < text.length; at += size) {
    markdown.write(text.slice(at, at + size));
    each?.(box);
  }
  const report = await markdown.end();
  return { box, report };
}

function renderedAtOnce(text: string, options: MarkdownOptions = { policy }): Element {
  const box = document.createElement('div');
  renderMarkdownInto(box, text, options);
  return box;
}

describe('createMarkdownStream', () => {
  const corpus = corpusPath('markdown/commonmark');
  const examples =
    corpus === undefined
      ? []
      : (JSON.parse(readFileSync(join(corpus, 'spec.json'), 'utf8')) as Array<{ markdown: string }>);

  test.runIf(examples.length > 0)(
    'every CommonMark example, streamed in chunks of 1, 3 and 7, ends as rendered at once and links nothing early',
    async () => {
      const unequal: string[] = [];
      const early: string[] = [];
      for (const { markdown } of examples) {
        for (const linkify of [false, true]) {
          const options = { policy: CONFORMANCE_POLICY, linkify };
          const expected = renderedAtOnce(markdown, options);
          const final = new Set(urlsOf(expected));
          for (const size of [1, 3, 7]) {
            const { box } = await stream(markdown, size, options, (shown) => {
              early.push(...urlsOf(shown).filter((url) => !final.has(url)));
            });
            if (!box.isEqualNode(expected)) unequal.push(markdown);
          }
        }
      }
      expect(unequal).toEqual([]);
      expect(early).toEqual([]);
    },
    120_000,
  );

  test('a 20 KB model answer in 3-character chunks ends in the same DOM, with the same findings', async () => {
    const answer = `${modelAnswer()}\n![x](https://evil.example/p.png?q=1) [y](https://evil.example/)\n`;
    const { box, report } = await stream(answer, 3);
    expect(box.isEqualNode(renderedAtOnce(answer))).toBe(true);
    const box2 = document.createElement('div');
    expect(report).toEqual(renderMarkdownInto(box2, answer, { policy }));
    expect(report.findings.map((finding) => finding.code)).toEqual(['markdown.url_blocked']);
  });

  test('every image mode streams to what renderMarkdownInto shows in that mode, loading nothing early', async () => {
    const answer = `${modelAnswer(2_000)}\n![chart](https://tickets.example.com/c.png) ![x](https://evil.example/p.png?q=1)\n`;
    for (const images of IMAGE_MODES) {
      const options = { policy, images };
      const expected = renderedAtOnce(answer, options);
      const loaded: string[] = [];
      const { box, report } = await stream(answer, 3, options, (shown) => {
        loaded.push(...Array.from(shown.querySelectorAll('img'), (image) => image.getAttribute('src') ?? ''));
      });
      expect(box.isEqualNode(expected)).toBe(true);
      expect(report).toEqual(renderMarkdownInto(document.createElement('div'), answer, options));
      expect(loaded.filter((src) => src !== 'https://tickets.example.com/c.png')).toEqual([]);
      if (images !== 'allowlisted') expect(loaded).toEqual([]);
    }
  });

  test('blocks that became final while streaming are the same nodes at the end, so their images load once', async () => {
    const options = { policy, images: 'allowlisted' as const };
    const answer = `![chart](https://tickets.example.com/c.png)\n\n${modelAnswer(4_000)}`;
    const box = document.createElement('div');
    const markdown = createMarkdownStream(box, options);
    for (const chunk of chunksOf(answer, 3)) markdown.write(chunk);
    const image = box.querySelector('img');
    const shown = Array.from(box.childNodes);
    await markdown.end();
    expect(image?.getAttribute('src')).toBe('https://tickets.example.com/c.png');
    expect(box.querySelector('img')).toBe(image);
    const kept = Array.from(box.childNodes).filter((node) => shown.includes(node));
    expect(kept.length).toBeGreaterThan(box.childNodes.length - 4);
    expect(box.isEqualNode(renderedAtOnce(answer, options))).toBe(true);
  });

  test('a half-written link or image is text until its URL is complete; a link at the end', async () => {
    const link = 'https://tickets.example.com/t/42';
    const image = 'https://tickets.example.com/c.png';
    const text = `See [TK-42](${link}) and ![chart](${image})`;
    const seen: string[][] = [];
    const { box } = await stream(text, 1, { policy }, (shown) => seen.push(urlsOf(shown)));
    const complete = (url: string): number => text.indexOf(`${url})`) + url.length;
    expect(seen.slice(0, complete(link)).flat()).not.toContain(link);
    expect(seen.slice(0, complete(image)).flat()).not.toContain(image);
    expect(urlsOf(box)).toEqual([link, image]);
  });

  test('a reference definition or a bare URL still being written is never a link', async () => {
    const text = '[TK][r] and https://tickets.example.com/t/42 end\n\n[r]: https://tickets.example.com/t/420';
    const seen = new Set<string>();
    const options = { policy, linkify: true };
    const { box } = await stream(text, 1, options, (shown) => {
      for (const url of urlsOf(shown)) seen.add(url);
    });
    expect([...seen].filter((url) => url !== 'https://tickets.example.com/t/42')).toEqual([]);
    expect(urlsOf(box)).toEqual(['https://tickets.example.com/t/420', 'https://tickets.example.com/t/42']);
    expect(box.isEqualNode(renderedAtOnce(text, options))).toBe(true);
  });

  test('an unterminated code fence renders as code while it streams', async () => {
    const box = document.createElement('div');
    const markdown = createMarkdownStream(box, { policy });
    for (const chunk of [
      'Run this:\n\n``',
      '`ts\nconst a = 1;\n',
      'const b = [a](https://evil.example/?q=1)\n',
    ])
      markdown.write(chunk);
    expect(box.querySelector('pre > code.language-ts')?.textContent).toContain('const a = 1;\nconst b = [a]');
    expect(box.querySelectorAll('a')).toHaveLength(0);
    await markdown.end();
    expect(box.querySelector('pre > code')?.textContent).toBe(
      'const a = 1;\nconst b = [a](https://evil.example/?q=1)\n',
    );
  });

  test('chunks that split a surrogate pair, a CR LF or an entity end as the whole text renders', async () => {
    const text = 'Café 😀 &amp; done\r\n\r\n> quote 🧑‍💻';
    for (const size of [1, 2])
      expect((await stream(text, size)).box.isEqualNode(renderedAtOnce(text))).toBe(true);
  });

  test('where no markup can be written the text shows as text, as renderMarkdownInto shows it', async () => {
    const inert = document.implementation.createHTMLDocument('');
    const box = inert.createElement('div');
    const markdown = createMarkdownStream(box, { policy });
    markdown.write('**bold** ![x](https://tickets.example.com/x.png)');
    await markdown.end();
    expect(box.innerHTML).toBe('**bold** ![x](https://tickets.example.com/x.png)');
  });

  test('mistakes of the caller throw a TypeError; content never does', async () => {
    const box = document.createElement('div');
    expect(() => createMarkdownStream(box, { policy, images: 'never' as 'alt' })).toThrow(TypeError);
    const markdown = createMarkdownStream(box, { policy });
    expect(() => {
      markdown.write(42 as unknown as string);
    }).toThrow(TypeError);
    markdown.write('\u0000\uFFFF\uD800 <script>alert(1)</script> [a](javascript:alert(1)) ');
    await markdown.end();
    expect(() => {
      markdown.write('more');
    }).toThrow(TypeError);
    expect(box.querySelectorAll('script, a')).toHaveLength(0);
  });
});

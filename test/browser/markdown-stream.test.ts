// Real Chromium under the README's CSP: exfiltrating model answers streamed char by char load and link nothing.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type * as Airlock from '../../src/browser.js';
import { chunksOf, modelAnswer } from '../../bench/fixtures/model-answer.js';
import { chromiumAvailable } from './chromium.js';
import { ALLOWED_HOST, ALLOWED_LINK, exfilAnswers } from './exfil-answers.js';
import { readProbe } from './page-probe.js';
import { useStreamSession } from './stream-site.js';

/** What streaming the answers did in the page. */
interface Streamed {
  readonly writes: number;
  /** Links or images in the DOM, at any write, whose URL is not one the whole answer links or shows. */
  readonly early: readonly string[];
  /** URLs the whole answers link or show (each must be allowed by the policy). */
  readonly finalUrls: readonly string[];
  /** Answers whose DOM at the end differs from `renderMarkdownInto` of the whole answer. */
  readonly unequal: readonly number[];
  /** Answers whose last link is not the allowed one. */
  readonly lastLinkWrong: readonly number[];
}

/** Streams each answer in chunks of `size` code points, yielding a task between writes, checking every write. */
async function streamAll(page: Page, answers: readonly string[], size: number): Promise<Streamed> {
  return page.evaluate(
    async ({ answers, host, link, size }) => {
      const airlock = (window as unknown as { airlock: typeof Airlock }).airlock;
      const policy = airlock.defineEgressPolicy({ hosts: [host] });
      const options = { policy, linkify: true };
      const channel = new MessageChannel();
      const turn = (): Promise<void> =>
        new Promise((resolve) => {
          channel.port1.onmessage = () => {
            resolve();
          };
          channel.port2.postMessage(0);
        });
      const urlsOf = (box: Element): string[] =>
        Array.from(
          box.querySelectorAll('a, img'),
          (node) => node.getAttribute('href') ?? node.getAttribute('src') ?? '',
        );
      const result = {
        writes: 0,
        early: [] as string[],
        finalUrls: [] as string[],
        unequal: [] as number[],
        lastLinkWrong: [] as number[],
      };
      const app = document.getElementById('app') as HTMLElement;
      for (const [index, answer] of answers.entries()) {
        const expected = document.createElement('div');
        airlock.renderMarkdownInto(expected, answer, options);
        const allowed = new Set(urlsOf(expected));
        result.finalUrls.push(...allowed);
        const box = document.createElement('div');
        app.append(box);
        const stream = airlock.createMarkdownStream(box, options);
        const points = Array.from(answer);
        for (let at = 0; at < points.length; at += size) {
          stream.write(points.slice(at, at + size).join(''));
          result.writes += 1;
          for (const url of urlsOf(box)) if (!allowed.has(url)) result.early.push(url);
          await turn();
        }
        await stream.end();
        if (!box.isEqualNode(expected)) result.unequal.push(index);
        const links = box.querySelectorAll('a[href]');
        if (links[links.length - 1]?.getAttribute('href') !== link) result.lastLinkWrong.push(index);
        box.remove();
      }
      return result;
    },
    { answers, host: ALLOWED_HOST, link: ALLOWED_LINK, size },
  );
}

describe.runIf(chromiumAvailable())(
  'streaming Markdown in Chromium under a strict CSP with Trusted Types',
  () => {
    const session = useStreamSession('markdown-stream');

    async function openPage(): Promise<Page> {
      const { browser, site } = session();
      const page = await browser.context.newPage();
      await page.goto(`${site.origin}/`);
      await page.waitForSelector('html[data-ready="yes"]');
      return page;
    }

    test('exfiltrating answers streamed char by char: nothing leaves, nothing runs, the allowed link ends each', async () => {
      const { answers, fromCorpora } = exfilAnswers();
      const page = await openPage();
      const streamed = await streamAll(page, answers, 1);
      await page.waitForTimeout(1_000);
      const probe = await readProbe(page);
      const outside = session().requests.filter((url) => !url.startsWith(`https://${ALLOWED_HOST}/`));
      console.log(
        `${String(answers.length)} exfiltrating answers (${String(fromCorpora)} from AgentDojo and agent-egress-bench), ` +
          `${String(streamed.writes)} writes of one character under the README's CSP: ${String(outside.length)} requests ` +
          `outside the policy, ${String(probe.dialogs)} scripts run, ${String(probe.violations.length)} CSP or Trusted ` +
          `Types violations, ${String(streamed.early.length)} links or images before their URL was complete`,
      );
      expect(outside).toEqual([]);
      expect(probe).toEqual({ dialogs: 0, violations: [] });
      expect(streamed.early).toEqual([]);
      expect(streamed.finalUrls.filter((url) => !url.startsWith(`https://${ALLOWED_HOST}/`))).toEqual([]);
      expect(streamed.unequal).toEqual([]);
      expect(streamed.lastLinkWrong).toEqual([]);
      expect(answers.length).toBeGreaterThan(60);
      await page.close();
    }, 300_000);

    test('a 20 KB answer in 3-character chunks ends in the same DOM as rendering it once', async () => {
      const answer = modelAnswer();
      const page = await openPage();
      const streamed = await streamAll(page, [answer], 3);
      expect(streamed.writes).toBe(chunksOf(answer, 3).length);
      expect(streamed.unequal).toEqual([]);
      expect(streamed.early).toEqual([]);
      await page.close();
    }, 120_000);
  },
);

// Benign rich chat messages for the render-time test: formatted text, a list, a quote and an allowed link.
import type { ToolOutcome } from '../../src/vocabulary/outcome.js';

/** The host the messages link to (their egress policy allows it). */
export const RICH_HOST = 'tickets.example.com';

/** `count` distinct accepted outcomes, each with a text author, an html body and a url, as a server sends them. */
export function richMessages(count: number): ToolOutcome<unknown>[] {
  return Array.from({ length: count }, (_, index) => ({
    ok: true as const,
    data: {
      message: {
        author: `Build bot ${String(index % 7)}`,
        body:
          `<p>Build <strong>#${String(4000 + index)}</strong> finished in <em>${String(60 + (index % 40))} s</em>.</p>` +
          `<ul><li>tests: <code>${String(400 + index)} passed</code></li><li>coverage <strong>9${String(index % 10)}%</strong></li></ul>` +
          `<blockquote><p>Deploy when ready; the change log is below.</p></blockquote>` +
          `<pre><code>git log --oneline -3</code></pre>` +
          `<p>Details in <a href="https://${RICH_HOST}/t/${String(index)}">T-${String(index)}</a>.</p>`,
        link: `https://${RICH_HOST}/builds/${String(4000 + index)}`,
      },
    },
    meta: {
      tool: 'build_status',
      schemaVersion: 'build.status.v1',
      requestId: `req.rich${String(index).padStart(4, '0')}`,
      findings: [],
      purposes: { '/message/author': 'text', '/message/body': 'html', '/message/link': 'url' },
    },
  }));
}

/** Mean, 95th percentile and worst of a list of times, and where the worst one was. */
export function timeFigures(times: readonly number[]): {
  readonly mean: number;
  readonly p95: number;
  readonly worst: number;
  readonly worstAt: number;
  readonly withinFrame: number;
} {
  const sorted = [...times].sort((a, b) => a - b);
  const worst = sorted.at(-1) ?? 0;
  return {
    mean: times.reduce((sum, time) => sum + time, 0) / Math.max(1, times.length),
    p95: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0,
    worst,
    worstAt: times.indexOf(worst),
    withinFrame: times.filter((time) => time <= 16).length,
  };
}

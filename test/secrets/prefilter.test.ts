// The prefilter: ordinary prose yields no window and is scanned at a high rate; secrets always open a window.
import { describe, expect, it } from 'vitest';
import { candidateWindows } from '../../src/secrets/prefilter.js';
import { detectSecrets } from '../../src/secrets/index.js';

const PARAGRAPH =
  'The committee met on Tuesday to review the quarterly plan. Several members noted that the schedule ' +
  'had slipped, mostly because two suppliers delivered late and the weather closed the site for a week. ' +
  'After a long discussion, the group agreed to move the opening to the spring, to hire one more engineer, ' +
  'and to publish a short summary for the neighbours. Questions about parking, noise and the new footpath ' +
  'were collected and will be answered at the next open meeting in the town hall.\n';

describe('prefilter', () => {
  it('opens no window on ordinary prose and measures its rate', () => {
    const prose = PARAGRAPH.repeat(Math.ceil((4 << 20) / PARAGRAPH.length));
    expect(candidateWindows(prose)).toEqual([]);
    const runs = 5;
    const start = performance.now();
    for (let i = 0; i < runs; i++) detectSecrets(prose);
    const seconds = (performance.now() - start) / 1000;
    const rate = (runs * prose.length) / (1 << 20) / seconds;
    console.log(
      `prefilter on prose: ${rate.toFixed(0)} MB/s (${(prose.length / (1 << 20)).toFixed(1)} MB, ${runs} runs)`,
    );
    expect(rate).toBeGreaterThan(5);
  });

  it('opens a window around every kind of secret', () => {
    for (const text of [
      'x 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 y',
      'password: hunter22',
      'see postgres://u:pw@h/db',
      '-----BEGIN PRIVATE KEY-----',
      'Authorization: Bearer abc123',
      'curl -u a:b http://h',
      'curl --user a:b http://h',
      'x https%3A%2F%2Fu%3Ap%40h y',
      'secret 8Q~abcdefghijklmnopqrstuvwxyz0123456 here',
      'eyTmeX30o09HIoxr0SZ.eynWUZ9DxXbKO9HFLZuvDg.',
    ]) {
      expect(candidateWindows(`${PARAGRAPH}${text}\n${PARAGRAPH}`).length, text).toBeGreaterThan(0);
    }
  });
});

// The quick check before the prefilter is safe: wherever the prefilter opens a window, it says a window may open.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { triggeredWindows } from '../../src/secrets/prefilter.js';
import {
  credentialNameBefore,
  mayOpenWindow,
  MIN_TOKEN_RUN,
  rareShapeAt,
  SECRET_CHAR_KINDS,
  SECRET_KIND,
  userinfoPossible,
} from '../../src/secrets/quick-check.js';
import { embed, PLACEMENTS, SCANNER_NEGATIVES, TRUE_POSITIVES } from './harness.js';
import { LOOKALIKES, lookalikeContexts } from './lookalikes.js';

/** Fragments of every trigger the prefilter has, and prose around them. */
const PIECES = [
  ...'a b Z 9 _ - + / = : > ( , " \' ` % . ~ @ \\ ] Q 3 e y w u é pass Token KEY sig bundle_ -- -u --user'.split(
    ' ',
  ),
  ...'://|-----BEGIN|%3A%2F%2F|.ey|8Q~|abcdefghij| |\t|\n'.split('|'),
];

describe('mayOpenWindow', () => {
  it('is true wherever the prefilter opens a window: corpus texts in every placement, negatives, look-alikes', () => {
    const texts = [
      ...TRUE_POSITIVES.flatMap((item) => PLACEMENTS.map((placement) => embed(placement, item.text))),
      ...SCANNER_NEGATIVES.map((negative) => negative.text),
      ...LOOKALIKES.flatMap(lookalikeContexts),
    ];
    let opened = 0;
    for (const text of texts) {
      if (triggeredWindows(text).length === 0) continue;
      opened++;
      expect(mayOpenWindow(text), text.slice(0, 80)).toBe(true);
    }
    expect(opened).toBeGreaterThan(TRUE_POSITIVES.length * PLACEMENTS.length);
  });

  it('is true wherever the prefilter opens a window, for generated text', () => {
    const anyText = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((pieces) => pieces.join(''));
    fc.assert(
      fc.property(anyText, (text) => {
        if (triggeredWindows(text).length > 0) expect(mayOpenWindow(text)).toBe(true);
      }),
      { numRuns: 20_000 },
    );
  });

  it('is false for prose with commas, colons, quotes and credential words that name nothing', () => {
    expect(
      mayOpenWindow(
        'Steps: open the app (sign in), then click "Continue"; the session expired, 12% of requests fail.',
      ),
    ).toBe(false);
  });
});

/** The quick check written plainly: every character's kind read, each question asked on its own. */
function plainMayOpenWindow(text: string): boolean {
  let seen = 0;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const kind = c < 128 ? (SECRET_CHAR_KINDS[c] ?? 0) : 0;
    seen |= kind;
    if ((kind & SECRET_KIND.run) === 0) run = 0;
    else if (++run === MIN_TOKEN_RUN) return true;
    if ((kind & SECRET_KIND.trigger) !== 0 && credentialNameBefore(text, i)) return true;
    if ((kind & SECRET_KIND.rare) !== 0 && rareShapeAt(text, i)) return true;
  }
  return userinfoPossible(seen);
}

describe('mayOpenWindow, written for speed', () => {
  it('answers exactly as the plain loop, also around characters outside ASCII', () => {
    const pieces = fc.array(fc.constantFrom(...PIECES, 'ж', '中', '😀', '\u200B', '\u0100', '\u0140'), {
      maxLength: 60,
    });
    fc.assert(
      fc.property(pieces, (chosen) => {
        const text = chosen.join('');
        expect(mayOpenWindow(text)).toBe(plainMayOpenWindow(text));
      }),
      { numRuns: 5000 },
    );
  });
});

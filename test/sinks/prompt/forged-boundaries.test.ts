// Runs every forged-boundary attempt of the corpus in every wrap mode and proves zero breakouts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { freshNonce, WRAP_MODES } from '../../../sinks/prompt/boundary.js';
import { CHAT_TEMPLATE_TOKENS } from '../../../sinks/prompt/chat-tokens.js';
import { neutralise } from '../../../sinks/prompt/neutralise.js';
import { renderBlock } from '../../../sinks/prompt/render.js';
import { wrapUntrusted } from '../../../sinks/prompt/wrap.js';
import { untrusted } from '../../../src/taint/untrusted.js';
import { breakouts } from './breakout-checker.js';

interface Attempt {
  readonly title: string;
  readonly payload: string;
  readonly unchanged?: boolean;
}

/** Read with JSON.parse: the corpus holds a lone-surrogate escape that bundlers' JSON loaders refuse. */
const readCorpus = (name: string): readonly Attempt[] =>
  JSON.parse(readFileSync(new URL(name, import.meta.url), 'utf8')) as Attempt[];

const attempts = readCorpus('./forged-boundaries.json');
const benign = readCorpus('./benign-texts.json');

/** Puts the render's real nonce into the payload, as an attacker who guessed or saw it would. */
function withNonce(payload: string, nonce: string): string {
  return payload.replaceAll('{{NONCE}}', nonce).replaceAll('{{NONCE_UPPER}}', nonce.toUpperCase());
}

describe('forged-boundary corpus', () => {
  it('holds at least 50 attempts and a token of every listed family', () => {
    expect(attempts.length).toBeGreaterThanOrEqual(50);
    for (const [family, tokens] of Object.entries(CHAT_TEMPLATE_TOKENS)) {
      expect(
        attempts.some(({ payload }) => tokens.some((token) => payload.includes(token))),
        family,
      ).toBe(true);
    }
  });

  describe.each(WRAP_MODES)('%s mode', (mode) => {
    it.each(attempts)(
      '$title: zero breakouts with the nonce known to the attacker',
      ({ payload, unchanged }) => {
        const nonce = freshNonce();
        const content = withNonce(payload, nonce);
        const neutralised = neutralise(content, nonce);
        const block = renderBlock(content, { source: 'tickets', mode, nonce });
        expect(breakouts(block.text, { nonce, neutralised: neutralised.text })).toEqual([]);
        if (unchanged === true) expect(block.findings).toEqual([]);
        else expect(neutralised.text).not.toBe(content);
      },
    );

    it.each(attempts)(
      '$title: zero breakouts through wrapUntrusted with a nonce from an earlier render',
      ({ payload }) => {
        const content = withNonce(payload, freshNonce());
        const text = wrapUntrusted(untrusted(content, 'tickets'), { mode });
        expect(breakouts(text, { neutralised: neutralise(content).text })).toEqual([]);
      },
    );
  });
});

describe('benign texts', () => {
  it.each(benign)('$title: passes through unchanged, with no findings', ({ payload }) => {
    const { text, findings } = neutralise(payload, freshNonce());
    expect(text).toBe(payload);
    expect(findings).toEqual([]);
  });
});

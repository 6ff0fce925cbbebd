// Property tests: for arbitrary text, every wrap mode has zero breakouts, never throws, and neutralising is stable.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { freshNonce, WRAP_MODES } from '../../../sinks/prompt/boundary.js';
import { neutralise } from '../../../sinks/prompt/neutralise.js';
import { renderBlock } from '../../../sinks/prompt/render.js';
import { wrapUntrusted } from '../../../sinks/prompt/wrap.js';
import { breakouts } from './breakout-checker.js';

const nonce = freshNonce();

/** Fragments of delimiters, tokens and disguises, so random joins often come close to a forgery. */
const PIECES = [
  '<',
  '>',
  '/',
  '|',
  '[',
  ']',
  '<|',
  '|>',
  '｜',
  '＜',
  '‹',
  '〈',
  '&lt;',
  '&#60;',
  '&amp;',
  'lt;',
  '\\u003c',
  '\\',
  '%3C',
  'untrusted',
  'UNTRUSTED',
  'untru',
  'sted',
  '-',
  nonce,
  nonce.slice(0, 12),
  nonce.slice(12),
  'im_start',
  'im_end',
  'INST',
  '/INST',
  '<<SYS>>',
  's',
  'eot_id',
  'start_of_turn',
  'end▁of▁sentence',
  'User',
  'Human',
  'Assistant',
  'System',
  'Instruction',
  ':',
  '：',
  '#',
  '###',
  ' ',
  '\t',
  '\n',
  '\r',
  '\u2028',
  '\u0085',
  '\u200b',
  '\u202e',
  '\u0308',
  'ѕ',
  'е',
  'Ι',
  '𝐈',
  '"',
  '^',
  '§',
  '⟦',
  '⟧',
  'text',
];

const soup = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((parts) => parts.join(''));
const anyText = fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), soup);

describe('prompt sink properties', () => {
  it('every mode renders arbitrary text with zero breakouts', () => {
    fc.assert(
      fc.property(anyText, fc.constantFrom(...WRAP_MODES), (content, mode) => {
        const block = renderBlock(content, { source: 'prop', mode, nonce });
        expect(breakouts(block.text, { nonce, neutralised: neutralise(content, nonce).text })).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });

  it('wrapUntrusted never throws on content and always yields one well-formed block', () => {
    fc.assert(
      fc.property(anyText, fc.constantFrom(...WRAP_MODES), (content, mode) => {
        const text = wrapUntrusted(content, { source: 'prop', mode });
        expect(breakouts(text, { neutralised: neutralise(content).text })).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('neutralising is idempotent: a second pass finds and changes nothing', () => {
    fc.assert(
      fc.property(anyText, (content) => {
        const once = neutralise(content, nonce);
        const twice = neutralise(once.text, nonce);
        expect(twice.text).toBe(once.text);
        expect(twice.findings).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });
});

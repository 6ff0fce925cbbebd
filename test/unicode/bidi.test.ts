// Bidi control verdicts: what belongs to right-to-left text, what reorders Latin text or is unterminated.
import { describe, expect, it } from 'vitest';
import { planBidi, type BidiVerdict } from '../../src/unicode/bidi.js';
import { isRightToLeft } from '../../src/unicode/direction.js';

const LINE_FEED_BREAKS = (codePoint: number): boolean => codePoint === 0x0a;

/** The verdicts of `text`'s bidi controls, in order. */
function verdicts(text: string): BidiVerdict[] {
  return [...planBidi(text, LINE_FEED_BREAKS)].sort(([a], [b]) => a - b).map(([, verdict]) => verdict);
}

describe('planBidi', () => {
  it('removes every control in a paragraph without right-to-left text', () => {
    expect(verdicts('a\u2066b\u2069 c\u200F d\u202Ae\u202C')).toEqual([
      'no_rtl',
      'no_rtl',
      'no_rtl',
      'no_rtl',
      'no_rtl',
    ]);
  });

  it('removes unterminated openers and unmatched terminators first', () => {
    expect(verdicts('שלום \u202Eעולם')).toEqual(['unbalanced']);
    expect(verdicts('שלום \u2069עולם \u202C')).toEqual(['unbalanced', 'unbalanced']);
  });

  it('a PDI closes the embeddings opened inside its isolate, which count as unterminated', () => {
    expect(verdicts('א \u2067ב \u202Bג\u2069 ד')).toEqual(['keep', 'unbalanced', 'keep']);
  });

  it('a PDF cannot close across an isolate', () => {
    expect(verdicts('א \u202Bב \u2067ג\u202C\u2069')).toEqual(['unbalanced', 'keep', 'unbalanced', 'keep']);
  });

  it('ends paragraphs at line breaks: an isolate cannot span them', () => {
    expect(verdicts('א \u2067ב\nג\u2069')).toEqual(['unbalanced', 'unbalanced']);
  });

  it('keeps a balanced isolate that holds RTL text, or sits next to it', () => {
    expect(verdicts('Message from \u2067שרה\u2069 received')).toEqual(['keep', 'keep']);
    expect(verdicts('שלום \u2066John\u2069 מה')).toEqual(['keep', 'keep']);
  });

  it('removes a balanced isolate around Latin text far from the RTL text of the paragraph', () => {
    expect(verdicts('שלום. Then \u2066admin\u2069 runs')).toEqual(['no_rtl', 'no_rtl']);
  });

  it('keeps an override only when it agrees with everything it covers', () => {
    expect(verdicts('שלום \u202Eעולם\u202C')).toEqual(['keep', 'keep']);
    expect(verdicts('שלום \u202Dabc\u202C')).toEqual(['keep', 'keep']);
    expect(verdicts('שלום \u202Eabc\u202C')).toEqual(['override_reorders', 'override_reorders']);
    expect(verdicts('שלום \u202E123\u202C')).toEqual(['override_reorders', 'override_reorders']);
    expect(verdicts('مرحبا \u202E١٢٣\u202C')).toEqual(['override_reorders', 'override_reorders']);
    expect(verdicts('abc \u202Dשלום\u202C')).toEqual(['override_reorders', 'override_reorders']);
  });

  it('keeps marks in RTL paragraphs unless they sit inside a word', () => {
    expect(verdicts('\u200Fשלום 50\u200F ₪')).toEqual(['keep', 'keep']);
    expect(verdicts('שלום pass\u200Eword')).toEqual(['inside_word']);
    expect(verdicts('של\u200Fום')).toEqual(['inside_word']);
    expect(verdicts('שלום\u200F\u200B\u200E 5')).toEqual(['keep', 'repeated']);
  });
});

describe('planBidi on many controls', () => {
  it('decides thousands of nested, unmatched and repeated controls', () => {
    const nested = 'א' + '\u2067'.repeat(60) + 'ב' + '\u2069'.repeat(60);
    expect(new Set(verdicts(nested))).toEqual(new Set(['keep']));
    const unmatched = 'א' + '\u202B'.repeat(3000) + '\u2069'.repeat(3000);
    expect(new Set(verdicts(unmatched))).toEqual(new Set(['unbalanced', 'overflow']));
    const marks = verdicts('א' + '\u200F'.repeat(3000) + '.');
    expect([marks[0], new Set(marks.slice(1))]).toEqual(['keep', new Set(['repeated'])]);
    const deep = verdicts('א' + '\u2067'.repeat(100) + 'ב' + '\u2069'.repeat(100));
    expect(deep.filter((verdict) => verdict === 'overflow')).toHaveLength(40);
    expect(deep.filter((verdict) => verdict === 'unbalanced')).toHaveLength(40);
  });
});

describe('isRightToLeft', () => {
  it('covers Hebrew, Arabic, Syriac, Thaana, N’Ko, presentation forms and RTL supplementary blocks', () => {
    expect(
      [0x05d0, 0x0627, 0x0710, 0x0780, 0x07ca, 0xfb1d, 0xfe70, 0x10900, 0x1e900].every(isRightToLeft),
    ).toBe(true);
    expect([0x41, 0x0430, 0x4e00, 0x0915, 0x0e01].some(isRightToLeft)).toBe(false);
  });
});

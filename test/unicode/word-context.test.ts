// Where writing systems need zero-width joiners, non-joiners and spaces, and where those only split words.
import { describe, expect, it } from 'vitest';
import { keepsInvisible, keepsZeroWidth } from '../../src/unicode/word-context.js';

/** Whether the first zero-width character in `text` is kept. */
function kept(text: string): boolean {
  const index = text.search(/[\u200B-\u200D\u180E\u2060\uFEFF\u00AD]/u);
  return keepsZeroWidth(text, index, text.codePointAt(index) ?? 0);
}

describe('keepsZeroWidth', () => {
  it('keeps ZWJ inside emoji ZWJ sequences, including after VS16 and skin tones', () => {
    expect(kept('👨\u200D👩')).toBe(true);
    expect(kept('🏳\uFE0F\u200D🌈')).toBe(true);
    expect(kept('👩🏽\u200D⚕')).toBe(true);
  });

  it('removes ZWJ next to an emoji on one side only, or after a stray selector', () => {
    expect(kept('👨\u200Da')).toBe(false);
    expect(kept('a\u200D👩')).toBe(false);
    expect(kept('a\uFE0F\u200D👩')).toBe(false);
  });

  it('keeps ZWJ and ZWNJ between letters of scripts that need them', () => {
    expect(kept('می\u200Cخواهم')).toBe(true);
    expect(kept('क्\u200Dष')).toBe(true);
    expect(kept('क्\u200Cष')).toBe(true);
    expect(kept('র\u200D্য')).toBe(true);
    expect(kept('ශ්\u200Dරී')).toBe(true);
  });

  it('keeps ZWJ and ZWNJ right after a virama that closes a consonant, at the end of a word too', () => {
    const words = [
      // Malayalam chillus in the ZWJ spelling: "he came", "she", "milk", "they", "eye".
      ...['അവന്\u200D വന്നു', 'അവള്\u200D', 'പാല്\u200D', 'അവര്\u200D.', 'കണ്\u200D'],
      // Bengali khanda ta in the ZWJ spelling ("suddenly"); Telugu and Devanagari explicit virama with ZWNJ.
      ...['হঠাত্\u200D', 'ఇంగ్లీష్\u200C భాష', 'वाक्\u200C,'],
      // Between letters, as before: Marathi eyelash ra, Sinhala "krama", Tamil k-ssa without the ligature.
      ...['र्\u200Dहस्व', 'ක්\u200Dරමය', 'க்\u200Cஷ'],
    ];
    for (const word of words) expect(kept(word), word).toBe(true);
  });

  it('removes a joiner after a virama on a letter of another script, or after a second joiner', () => {
    for (const text of ['ig\u094D\u200Dnore', '\u0D4D\u200D', 'a\u0D4D\u200D', 'ന\u200D ']) {
      expect(kept(text), text).toBe(false);
    }
    expect(keepsZeroWidth('അവന്\u200D\u200D', 5, 0x200d)).toBe(false);
  });

  it('removes them between Latin letters, across scripts, or after another invisible', () => {
    expect(kept('ig\u200Cnore')).toBe(false);
    expect(kept('sy\u200Dstem')).toBe(false);
    expect(kept('क\u200Cx')).toBe(false);
    expect(kept('ی\u200Cक')).toBe(false);
    expect(keepsZeroWidth('ی\u200B\u200Cخ', 2, 0x200c)).toBe(false);
  });

  it('keeps ZWSP only between words of scripts written without spaces', () => {
    expect(kept('ภาษาไทย\u200Bสวัสดี')).toBe(true);
    expect(kept('pass\u200Bword')).toBe(false);
    expect(kept('中文\u200B字符')).toBe(false);
  });

  it('keeps the Mongolian vowel separator between Mongolian letters only', () => {
    expect(kept('ᠨᠡᠷ\u180Eᠡ')).toBe(true);
    expect(kept('ab\u180Ec')).toBe(false);
  });

  it('never keeps word joiner, BOM or soft hyphen', () => {
    expect(kept('a\u2060b')).toBe(false);
    expect(kept('a\uFEFFb')).toBe(false);
    expect(kept('a\u00ADb')).toBe(false);
  });
});

describe('keepsInvisible', () => {
  it('keeps CGJ between a letter and a combining mark, nowhere else', () => {
    expect(keepsInvisible('u\u034F\u0308', 1, 0x034f)).toBe(true);
    expect(keepsInvisible('u\u034Fx', 1, 0x034f)).toBe(false);
  });

  it('keeps Hangul fillers inside conjoining jamo syllables only', () => {
    expect(keepsInvisible('\u115F\u1161', 0, 0x115f)).toBe(true);
    expect(keepsInvisible('\u1100\u1160\u11A8', 1, 0x1160)).toBe(true);
    expect(keepsInvisible('a\u1160b', 1, 0x1160)).toBe(false);
    expect(keepsInvisible('a\u3164b', 1, 0x3164)).toBe(false);
  });
});

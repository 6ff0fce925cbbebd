// What one word is, wherever it appears: remembered per word, and judged against the dominant script.
import { describe, expect, it } from 'vitest';
import { imitatedScript, wordNature } from '../../src/unicode/word-nature.js';

describe('wordNature', () => {
  it('finds scripts, letters, mixing and the script a word passes for', () => {
    expect(wordNature('pаypal')).toMatchObject({
      fact: { scripts: ['Latin', 'Cyrillic'], letters: 6, commonLetters: 0 },
      mixed: true,
      passesFor: 'Latin',
      wholeScript: false,
    });
    expect(wordNature('аррӏе')).toMatchObject({ mixed: false, passesFor: 'Latin', wholeScript: true });
    expect(wordNature('𝐩𝐚𝐲')).toMatchObject({ fact: { commonLetters: 3 }, passesFor: 'Latin' });
    expect(wordNature('日本語のテキスト')).toMatchObject({
      mixed: false,
      passesFor: undefined,
      wholeScript: true,
    });
    expect(wordNature('жизнь').passesFor).toBeUndefined();
  });

  it('remembers short words and judges long ones afresh', () => {
    expect(wordNature('Ünïcödé')).toBe(wordNature('Ünïcödé'));
    const long = 'ж'.repeat(65);
    expect(wordNature(long)).not.toBe(wordNature(long));
    expect(wordNature(long)).toEqual(wordNature(long));
  });

  it('a word wholly in one script imitates only the dominant script, and never its own', () => {
    const lookalike = wordNature('аррӏе');
    expect(imitatedScript(lookalike, 'Latin')).toBe('Latin');
    expect(imitatedScript(lookalike, 'Cyrillic')).toBeUndefined();
    expect(imitatedScript(lookalike, 'Han')).toBeUndefined();
    expect(imitatedScript(wordNature('pаypal'), 'Cyrillic')).toBe('Latin');
  });
});

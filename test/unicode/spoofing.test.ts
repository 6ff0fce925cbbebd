// Mixed-script and confusable words (UTS #39): real multilingual text passes, look-alikes are flagged.
import { describe, expect, it } from 'vitest';
import { restrictionLevel } from '../../src/unicode/restriction.js';
import { inspectWords } from '../../src/unicode/spoofing.js';

describe('restrictionLevel (UTS #39 §5.2)', () => {
  it.each([
    ['Привет', ['Cyrillic'], 'single_script'],
    ['日本語のテキスト', ['Han', 'Hiragana', 'Katakana'], 'single_script'],
    ['韓國어', ['Han', 'Hangul'], 'single_script'],
    ['iPhoneを', ['Latin', 'Hiragana'], 'highly_restrictive'],
    ['用Python编程', ['Han', 'Latin'], 'highly_restrictive'],
    ['abcשלום', ['Latin', 'Hebrew'], 'moderately_restrictive'],
    ['pаypal', ['Latin', 'Cyrillic'], 'minimally_restrictive'],
    ['gοogle', ['Latin', 'Greek'], 'minimally_restrictive'],
    ['ᎪᏴC', ['Cherokee', 'Latin'], 'minimally_restrictive'],
    ['Привет日本', ['Cyrillic', 'Han'], 'minimally_restrictive'],
  ] as const)('%s is %s', (word, scripts, level) => {
    expect(restrictionLevel(word, scripts)).toBe(level);
  });

  it('uses Script_Extensions: an Arabic-Indic digit inside a Thaana word is single-script', () => {
    expect(restrictionLevel('ދިވެހި\u0661', ['Thaana', 'Arabic'])).toBe('single_script');
  });
});

describe('inspectWords', () => {
  it('finds nothing in ASCII text', () => {
    expect(inspectWords('paypal apple google 123')).toEqual(inspectWords(''));
    expect(inspectWords('plain').mixedScript.words).toBe(0);
  });

  it.each([
    'Сообщение о росте, сор и пыль.',
    'من می‌خواهم کتاب‌ها را بخوانم و English هم',
    'Ahmed said: اه and left',
    '日本のカニ料理とエロ',
    'Η γρήγορη καφέ αλεπού',
    'Café Ångström 5µm',
    'Hindi हिन्दी and Thai ภาษาไทย in one line',
  ])('flags nothing in real multilingual text: %s', (text) => {
    const report = inspectWords(text);
    expect([report.mixedScript.words, report.confusable.words]).toEqual([0, 0]);
  });

  it('reports mixed-script words with their scripts', () => {
    expect(inspectWords('pаypal and gοogle').mixedScript).toEqual({
      words: 2,
      scripts: ['Cyrillic', 'Greek', 'Latin'],
      imitated: [],
    });
  });

  it('reports a confusable word with the script it imitates', () => {
    expect(inspectWords('Sign in to your аррӏе account').confusable).toEqual({
      words: 1,
      scripts: ['Cyrillic'],
      imitated: ['Latin'],
    });
  });

  it('flags a whole-script look-alike only where the imitated script dominates', () => {
    expect(inspectWords('Visit аррӏе today, friends').confusable.words).toBe(1);
    expect(inspectWords('Это аррӏе и сор, всё по-русски').confusable.words).toBe(0);
  });

  it('flags styled letters posing as a Latin word', () => {
    expect(inspectWords('Visit 𝐩𝐚𝐲𝐩𝐚𝐥 now').confusable).toEqual({
      words: 1,
      scripts: ['Common'],
      imitated: ['Latin'],
    });
  });
});

describe('inspectWords on Latin-only text', () => {
  it('skips text written only in Latin, but not the Common letters µ, ª and º', () => {
    expect(inspectWords('Ærøskøbing, Łódź, Nguyễn, Straße – 12 €').confusable.words).toBe(0);
    expect(inspectWords('µµµ x').confusable).toMatchObject({ words: 1, imitated: ['Greek'] });
  });
});

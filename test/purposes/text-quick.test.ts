// The quick scan's character tables agree with the Unicode data, and its answer is always the full path's.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QUICK, QUICK_SYMBOLS, quickScan } from '../../src/purposes/text/quick-scan.js';
import {
  anchorsHanFamily,
  QUICK_SCRIPT,
  quickLetterScript,
  surelySteadfast,
} from '../../src/purposes/text/quick-words.js';
import { sanitizeText, sanitizeTextWithoutShortcuts } from '../../src/purposes/text/sanitize-text.js';
import { mayOpenWindow } from '../../src/secrets/quick-check.js';
import { skeleton } from '../../src/unicode/confusables.js';
import {
  CATEGORY_FLAGS,
  isLetter,
  isWildcardScript,
  scriptIdOf,
  scriptOf,
} from '../../src/unicode/properties.js';
import { isCoveredBy } from '../../src/unicode/script-coverage.js';
import { familyOf } from '../../src/unicode/script-family.js';
import { SCAN_FLAGS, scanFactsOf } from '../../src/unicode/scan-facts.js';

const WORD = CATEGORY_FLAGS.letter | CATEGORY_FLAGS.mark | CATEGORY_FLAGS.number;
const PROLONGED_SOUND_MARK = 0x30fc;
const UNSAFE = SCAN_FLAGS.special | SCAN_FLAGS.layout | SCAN_FLAGS.nfcSensitive | SCAN_FLAGS.loneSurrogate;

function symbolsListed(): number[] {
  const all: number[] = [];
  for (const [first, last] of QUICK_SYMBOLS) for (let c = first; c <= last; c++) all.push(c);
  for (let c = 0x1f300; c <= 0x1faff; c++) all.push(c);
  return all;
}

describe('the quick scan’s tables', () => {
  it('lists only symbols: no letter, mark or number, nothing special or NFC-sensitive', () => {
    for (const c of symbolsListed()) expect(scanFactsOf(c) & (WORD | UNSAFE), c.toString(16)).toBe(0);
  });

  it('knows letters by range: each a letter of its script of its own, none special or NFC-sensitive', () => {
    const scriptOf = (letter: string) => scriptIdOf(scanFactsOf(letter.codePointAt(0) ?? 0) & 0xffff);
    const ids = new Map<number, readonly number[]>([
      [QUICK_SCRIPT.latin, [scriptOf('a')]],
      [QUICK_SCRIPT.cyrillic, [scriptOf('ж')]],
      [QUICK_SCRIPT.arabic, [scriptOf('ب')]],
      [QUICK_SCRIPT.han, [scriptOf('中')]],
      [QUICK_SCRIPT.kana, [scriptOf('が'), scriptOf('カ')]],
    ]);
    let known = 0;
    for (let c = 0; c < 0x10000; c++) {
      const script = quickLetterScript(c);
      if (script === 0) continue;
      known++;
      const facts = scanFactsOf(c);
      expect(facts & UNSAFE, c.toString(16)).toBe(0);
      if (c === PROLONGED_SOUND_MARK) {
        // A letter of Hiragana and Katakana words, of script Common: not a styled letter shared by all scripts.
        expect(facts & (CATEGORY_FLAGS.letter | SCAN_FLAGS.scriptLetter | SCAN_FLAGS.sharedLetter)).toBe(
          CATEGORY_FLAGS.letter,
        );
        expect(isCoveredBy(String.fromCharCode(c), ['Hiragana', 'Katakana'])).toBe(true);
      } else {
        expect(facts & SCAN_FLAGS.scriptLetter, c.toString(16)).not.toBe(0);
        expect(ids.get(script), c.toString(16)).toContain(scriptIdOf(facts & 0xffff));
      }
      expect((facts & SCAN_FLAGS.rightToLeft) !== 0, c.toString(16)).toBe(script === QUICK_SCRIPT.arabic);
      // Claimed steadfast only where the skeleton keeps the letter; exactly so for ASCII and Cyrillic.
      const steadfast = (facts & SCAN_FLAGS.steadfastLetter) !== 0;
      if (surelySteadfast(c, script)) expect(steadfast, c.toString(16)).toBe(true);
      else if (c < 0x80 || script === QUICK_SCRIPT.cyrillic) expect(steadfast, c.toString(16)).toBe(false);
    }
    expect(known).toBeGreaterThan(20_000);
  });

  it('knows which Han, Hiragana and Katakana letters keep a letter of their family in the skeleton', () => {
    for (let c = 0; c < 0x10000; c++) {
      const script = quickLetterScript(c);
      if (script !== QUICK_SCRIPT.han && script !== QUICK_SCRIPT.kana) continue;
      const letter = String.fromCharCode(c);
      // One writing system: a word of these letters never mixes scripts.
      expect(isCoveredBy(letter, ['Han', 'Hiragana', 'Katakana']), c.toString(16)).toBe(true);
      const families = new Set<string>();
      for (const character of skeleton(letter)) {
        const codePoint = character.codePointAt(0) ?? 0;
        if (isLetter(codePoint) && !isWildcardScript(scriptOf(codePoint)))
          families.add(familyOf(scriptOf(codePoint)));
      }
      // No skeleton holds a letter of another family: such a word can only pass for Latin through a digit.
      expect(
        [...families].filter((family) => family !== 'Han'),
        c.toString(16),
      ).toEqual([]);
      expect(anchorsHanFamily(c, script), c.toString(16)).toBe(families.has('Han'));
    }
  });
});

/** Pieces that the quick scan judges: known letters (steadfast or not), digits, symbols, layout, secrets. */
const PIECES = [
  ...'aImé ñÑ ßþ ЖжИиМБ бб ابت ٠ 中文 一丶 登录 , : " ( % . - @ ~ = 0 9 \t \n'.split(' '),
  ' ',
  '—',
  '„',
  '🔍',
  '✅',
  'ё',
  'рус',
  'Привет',
  'Ошибка',
  'token',
  'password',
  '--api-key',
  'sk-proj-',
  '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',
  'https://u:p@h',
  '-----BEGIN',
  'eyJhbGciOi.eyJzdWIi',
  '8Q~',
  // Hiragana, Katakana and Han together, letters whose skeleton leaves the family, digits beside them
  ...'ログイン後に セッション が 切れる ー く ぐ ノ 一 丶 ゝ ・ 1 10個 0く 1ー'.split(' '),
  // Cyrillic words that could pass for Latin ones, and Latin words that shift which script dominates
  ...'аре рус МБ сор the cat is a'.split(' '),
];

describe('quickScan', () => {
  it('never claims plain where the full path would change or report anything', () => {
    const anyText = fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }).map((pieces) => pieces.join(''));
    fc.assert(
      fc.property(anyText, fc.boolean(), (text, multiline) => {
        const quick = quickScan(text, multiline);
        const full = sanitizeTextWithoutShortcuts(text, { multiline, secrets: 'keep' });
        if ((quick & QUICK.plain) !== 0)
          expect(full).toEqual({ ok: true, value: text, findings: [], hidden: [] });
        if ((quick & QUICK.plain) !== 0 && (quick & QUICK.secretShape) === 0)
          expect(mayOpenWindow(text)).toBe(false);
        for (const secrets of ['redact', 'keep'] as const) {
          expect(sanitizeText(text, { multiline, secrets })).toEqual(
            sanitizeTextWithoutShortcuts(text, { multiline, secrets }),
          );
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('claims a Cyrillic look-alike word plain exactly when Cyrillic surely dominates', () => {
    const words = fc.array(
      fc.constantFrom('аре', 'рус', 'МБ', 'Ошибка', 'жук', 'cat', 'the', 'Zürich', '10', '中文'),
      {
        minLength: 1,
        maxLength: 8,
      },
    );
    fc.assert(
      fc.property(words, fc.constantFrom(' ', ', ', '\n'), (list, separator) => {
        const text = list.join(separator);
        const quick = quickScan(text, true);
        if ((quick & QUICK.plain) !== 0)
          expect(sanitizeTextWithoutShortcuts(text)).toEqual({
            ok: true,
            value: text,
            findings: [],
            hidden: [],
          });
        expect(sanitizeText(text)).toEqual(sanitizeTextWithoutShortcuts(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('proves real prose plain without a secret shape, in one pass', () => {
    for (const text of [
      'Steps to reproduce: open the app, sign in with SSO, then click "Continue".',
      'Überweisung hängt seit gestern im Status „ausstehend“ — 支付页面在高峰期超时，请尽快排查 🔍',
      'تعذر تسجيل الدخول بعد تحديث التطبيق',
      'Log excerpt:\n  at handler (server.js:118)\n\tat process (queue.js:42)',
    ]) {
      expect(quickScan(text, true), text).toBe(QUICK.plain);
    }
    expect(quickScan('a\tb', false)).toBe(0);
    expect(quickScan('x\u200By', true)).toBe(0);
    expect(quickScan('Ошибка при загрузке вложений больше 10 МБ', true)).toBe(QUICK.plain);
    expect(quickScan('ログイン後にセッションが切れる', true)).toBe(QUICK.plain);
    // Words that pass for Latin ones in mostly Latin text: the full path reports them, the quick scan leaves them.
    for (const text of ['аре at the upload step', '0くく at the upload step']) {
      expect(quickScan(text, true), text).toBe(0);
      expect(sanitizeTextWithoutShortcuts(text).findings.map((finding) => finding.code)).toEqual([
        'text.confusable',
      ]);
    }
    expect(quickScan('password: hunter2', true)).toBe(QUICK.plain | QUICK.secretShape);
  });
});

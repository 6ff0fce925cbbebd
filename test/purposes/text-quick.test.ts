// The quick scan's character tables agree with the Unicode data, and its answer is always the full path's.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QUICK, QUICK_SYMBOLS, quickScan } from '../../src/purposes/text/quick-scan.js';
import { QUICK_SCRIPT, quickLetterScript, surelySteadfast } from '../../src/purposes/text/quick-words.js';
import { sanitizeText, sanitizeTextWithoutShortcuts } from '../../src/purposes/text/sanitize-text.js';
import { mayOpenWindow } from '../../src/secrets/quick-check.js';
import { CATEGORY_FLAGS, scriptIdOf } from '../../src/unicode/properties.js';
import { SCAN_FLAGS, scanFactsOf } from '../../src/unicode/scan-facts.js';

const WORD = CATEGORY_FLAGS.letter | CATEGORY_FLAGS.mark | CATEGORY_FLAGS.number;
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
    const ids = new Map<number, number>([
      [QUICK_SCRIPT.latin, scriptOf('a')],
      [QUICK_SCRIPT.cyrillic, scriptOf('ж')],
      [QUICK_SCRIPT.arabic, scriptOf('ب')],
      [QUICK_SCRIPT.han, scriptOf('中')],
    ]);
    let known = 0;
    for (let c = 0; c < 0x10000; c++) {
      const script = quickLetterScript(c);
      if (script === 0) continue;
      known++;
      const facts = scanFactsOf(c);
      expect(facts & UNSAFE, c.toString(16)).toBe(0);
      expect(facts & SCAN_FLAGS.scriptLetter, c.toString(16)).not.toBe(0);
      expect(scriptIdOf(facts & 0xffff), c.toString(16)).toBe(ids.get(script));
      expect((facts & SCAN_FLAGS.rightToLeft) !== 0, c.toString(16)).toBe(script === QUICK_SCRIPT.arabic);
      // Claimed steadfast only where the skeleton keeps the letter; exactly so for ASCII, Cyrillic and Han.
      const steadfast = (facts & SCAN_FLAGS.steadfastLetter) !== 0;
      if (surelySteadfast(c, script)) expect(steadfast, c.toString(16)).toBe(true);
      else if (c < 0x80 || script !== QUICK_SCRIPT.latin)
        expect(steadfast && script !== QUICK_SCRIPT.arabic, c.toString(16)).toBe(false);
    }
    expect(known).toBeGreaterThan(20_000);
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
    expect(quickScan('Ошибка при загрузке', true)).toBe(0);
    expect(quickScan('password: hunter2', true)).toBe(QUICK.plain | QUICK.secretShape);
  });
});

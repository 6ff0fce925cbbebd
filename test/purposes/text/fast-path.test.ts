// The text purpose's fast paths give exactly the full path's answer: over generated text, ropes, and secrets.
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QUICK, quickScan } from '../../../src/purposes/text/quick-scan.js';
import type { TextOptions } from '../../../src/purposes/text/options.js';
import { sanitizeText, sanitizeTextWithoutShortcuts } from '../../../src/purposes/text/sanitize-text.js';
import { credentialNameBefore, mayOpenWindow } from '../../../src/secrets/quick-check.js';
import { ASCII_WITH_PROTOTYPE, staysItselfInSkeleton } from '../../../src/unicode/confusables.js';

/** Pieces from every family the fast paths tell apart, so that generated text meets each of their branches. */
const PIECES = [
  // ASCII words, digits, layout, punctuation that starts rare secret shapes or triggers
  ...'a I m the app 0 1 42 , : ; " \' ` ( ) [ ] = > % . - -- ~ _ + / @ \\ \t \n \r'.split(' '),
  ' ',
  // Latin-1 and Latin Extended-A letters, symbols and a decomposed letter
  ...'é É ñ ß þ ÿ ő œ × ÷ « » ¿ © e\u0301 A\u030A'.split(' '),
  // Cyrillic, Greek, Arabic, Hebrew, Han, kana, Hangul, Devanagari, Thai
  ...'ж а р о Привет рус ο α ب ت كتاب ש 中 文 登录 ー ログイン 한 क्ष ภาษา'.split(' '),
  // kana and Han in one word, letters whose skeleton leaves their family, Cyrillic look-alikes
  ...'セッションが切れる く ノ 一 0 1 аре МБ Ошибка'.split(' '),
  // controls, format characters, bidi, tags, selectors, private use, noncharacters
  '\u0000',
  '\u0007',
  '\u001B',
  '\u007F',
  '\u0085',
  '\u00AD',
  '\u200B',
  '\u200C',
  '\u200D',
  '\u2028',
  '\u202E',
  '\u2066',
  '\u2069',
  '\u200F',
  '\u061C',
  '\uFEFF',
  '\uFE0F',
  '\u{E0049}',
  '\u{E007F}',
  '\u{E0100}',
  '\uE000',
  '\uFFFF',
  // emoji, a lone lead and a lone trail surrogate, a pictograph outside the quick range
  '😀',
  '👍🏽',
  '🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}',
  '\uD83D',
  '\uDE00',
  '\u{1D41A}',
  // secret-like tokens and credential names
  'password',
  'api_key',
  'token=',
  'Secret: ',
  '--api-key ',
  '-u ',
  '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',
  'AKIAIOSFODNN7EXAMPLE',
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl',
  'https://user:pa55w0rd@example.com',
  '-----BEGIN PRIVATE KEY-----',
  '%3A%2F%2F',
  '8Q~',
  'abcdefghijklmnopqrst',
];

const OPTIONS: readonly TextOptions[] = [
  {},
  { multiline: false },
  { secrets: 'keep' },
  { privateUse: 'keep', loneSurrogates: 'replace' },
  { maxCodePoints: 12 },
  { mixedScript: 'reject', confusables: 'reject' },
];

const pieceText = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((pieces) => pieces.join(''));
const anyText = fc.oneof(
  pieceText,
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
);

/** The same text built as a rope of many pieces (`+=`), the way a caller might build it. */
function rope(text: string): string {
  let built = '';
  for (const character of text) built += character;
  return built;
}

describe('the fast paths', () => {
  it('give exactly the full path’s result, for every option set', () => {
    fc.assert(
      fc.property(anyText, fc.constantFrom(...OPTIONS), (text, options) => {
        expect(sanitizeText(text, options)).toEqual(sanitizeTextWithoutShortcuts(text, options));
      }),
      { numRuns: 4000 },
    );
  });

  it('answer the same for a rope and for flat text', () => {
    fc.assert(
      fc.property(pieceText, fc.boolean(), (text, multiline) => {
        const built = rope(text);
        expect(quickScan(built, multiline)).toBe(quickScan(text, multiline));
        expect(sanitizeText(built, { multiline })).toEqual(sanitizeText(text, { multiline }));
      }),
      { numRuns: 1000 },
    );
  });

  it('claim plain only for text the full path leaves alone, and miss no secret shape', () => {
    fc.assert(
      fc.property(pieceText, fc.boolean(), (text, multiline) => {
        const quick = quickScan(text, multiline);
        if ((quick & QUICK.plain) === 0) return;
        const full = sanitizeTextWithoutShortcuts(text, { multiline, secrets: 'keep' });
        expect(full).toEqual({ ok: true, value: text, findings: [], hidden: [] });
        if ((quick & QUICK.secretShape) === 0) expect(mayOpenWindow(text)).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });
});

/** The credential-name check as first written: find the identifier, then try every start in it. */
function credentialNameBeforeReference(text: string, at: number): boolean {
  const names = 'pass pwd secret token key auth cred sig sas dsn access session cookie login bundle_'.split(
    ' ',
  );
  const skip = ' \t"\'\\]`';
  const ident = /[A-Za-z0-9_.-]/;
  let end = at;
  while (end > 0 && at - end < 4 && skip.includes(text.charAt(end - 1))) end--;
  let start = end;
  while (start > 0 && end - start < 64 && ident.test(text.charAt(start - 1))) start--;
  const identifier = text.slice(start, end).replace(/[A-Z]/g, (c) => c.toLowerCase());
  for (let i = 0; i + 3 <= identifier.length; i++) {
    if (names.some((name) => identifier.startsWith(name, i))) return true;
  }
  return false;
}

describe('credentialNameBefore', () => {
  it('finds a name fragment exactly where a plain search of the identifier does', () => {
    const nameText = fc
      .array(
        fc.constantFrom(
          'pass',
          'PWD',
          'Token',
          'key',
          'x',
          '_',
          '-',
          '.',
          ' ',
          '"',
          ':',
          '=',
          'ab',
          'é',
          'a'.repeat(70),
        ),
        {
          maxLength: 12,
        },
      )
      .map((pieces) => pieces.join(''));
    fc.assert(
      fc.property(nameText, fc.nat(), (text, position) => {
        const at = text.length === 0 ? 0 : position % (text.length + 1);
        expect(credentialNameBefore(text, at)).toBe(credentialNameBeforeReference(text, at));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('staysItselfInSkeleton', () => {
  it('knows the ASCII characters with a confusable prototype without loading the data', () => {
    const data = createRequire(import.meta.url)('unhomoglyph/data.json') as Record<string, string>;
    const withPrototype = Object.keys(data)
      .filter((key) => key.length === 1 && key.charCodeAt(0) < 0x80)
      .sort()
      .join('');
    expect(ASCII_WITH_PROTOTYPE.split('').sort().join('')).toBe(withPrototype);
    for (let c = 0; c < 0x80; c++)
      expect(staysItselfInSkeleton(c), c.toString(16)).toBe(!(String.fromCharCode(c) in data));
  });
});

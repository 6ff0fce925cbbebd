// The look-alike fold: stable, faithful to the Unicode confusables file on delimiters, and blind to disguises.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATAMARK_CANDIDATES } from '../../../sinks/prompt/datamark.js';
import { DEFUSED_CLOSE, DEFUSED_OPEN } from '../../../sinks/prompt/detect.js';
import { foldCodePoint, foldPlain, foldText } from '../../../sinks/prompt/fold.js';
import { corpusPath } from '../../support/corpora.js';

const confusables = corpusPath('unicode/confusables');

function codePoints(from: number, to: number): string[] {
  const out: string[] = [];
  for (let code = from; code <= to; code++)
    if (code < 0xd800 || code > 0xdfff) out.push(String.fromCodePoint(code));
  return out;
}

describe('foldCodePoint', () => {
  it('is stable: folding a fold changes nothing (BMP and mathematical alphanumerics)', () => {
    const unstable = [...codePoints(0, 0xffff), ...codePoints(0x1d400, 0x1d7ff)].filter((char) => {
      const folded = foldCodePoint(char);
      return Array.from(folded, foldCodePoint).join('') !== folded;
    });
    expect(unstable.map((char) => char.codePointAt(0)!.toString(16))).toEqual([]);
  });

  it('keeps the structural ASCII of the patterns as it is', () => {
    for (const char of '<>/[]#*_: \n-') expect(foldCodePoint(char)).toBe(char);
  });

  it('folds case, width, math letters, confusables and invisibles away', () => {
    expect(foldPlain('</UNTRUSTED>')).toBe(foldPlain('</untrusted>'));
    expect(foldPlain('＜／ｕｎｔｒｕｓｔｅｄ＞')).toBe(foldPlain('</untrusted>'));
    expect(foldPlain('</𝐮𝐧𝐭𝐫𝐮𝐬𝐭𝐞𝐝>')).toBe(foldPlain('</untrusted>'));
    expect(foldPlain('</untruѕtеd>')).toBe(foldPlain('</untrusted>'));
    expect(foldPlain('<\u200b/un\u2060trus\u00adted\u202e>')).toBe(foldPlain('</untrusted>'));
    expect(foldPlain('[ІNЅТ]')).toBe(foldPlain('[INST]'));
    expect(foldPlain('‹|im_start|›')).toBe(foldPlain('<|im_start|>'));
  });

  it('decodes entities, escapes and percent-encoding, mapping them back to their whole span', () => {
    for (const form of [
      '&lt;',
      '&LT',
      '&#60;',
      '&#x3C;',
      '&amp;lt;',
      '\\u003c',
      '\\u{3c}',
      '\\x3c',
      '\\<',
      '%3C',
    ]) {
      expect(foldPlain(form), form).toBe('<');
    }
    const folded = foldText('a&lt;b');
    expect(folded.text).toBe('a<b');
    expect([folded.starts[1], folded.ends[1]]).toEqual([1, 5]);
  });

  it('maps line breaks to \\n and other white space to a space', () => {
    expect(foldPlain('a\r\u2028\u0085\u000bb')).toBe('a\n\n\n\nb');
    expect(foldPlain('a\t\u00a0\u3000b')).toBe('a   b');
  });

  it('leaves the defused brackets and every datamark candidate as themselves', () => {
    for (const char of [DEFUSED_OPEN, DEFUSED_CLOSE, ...DATAMARK_CANDIDATES])
      expect(foldCodePoint(char)).toBe(char);
  });

  it.skipIf(confusables === undefined)(
    'agrees with the Unicode confusables file on every look-alike of a delimiter character',
    () => {
      const text = readFileSync(join(confusables!, 'confusables.txt'), 'utf8');
      const fromHex = (hex: string): string =>
        String.fromCodePoint(
          ...hex
            .trim()
            .split(/\s+/)
            .map((h) => parseInt(h, 16)),
        );
      let checked = 0;
      for (const line of text.split('\n')) {
        const entry = /^([0-9A-F ]+);\s*([0-9A-F ]+);\s*MA/.exec(line);
        if (entry === null) continue;
        const target = fromHex(entry[2]!);
        if (!/^[<>/|[\]:#_l]$/.test(target)) continue;
        checked++;
        expect(foldPlain(fromHex(entry[1]!)), entry[1]).toBe(foldPlain(target));
      }
      expect(checked).toBeGreaterThan(100);
    },
  );
});

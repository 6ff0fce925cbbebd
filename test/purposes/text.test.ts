// The text purpose end to end: the benign corpus passes untouched, every attack is caught with its finding.
import { describe, expect, it } from 'vitest';
import { sanitizeText } from '../../src/purposes/text/sanitize-text.js';
import { ATTACKS, BENIGN } from './text-corpus.js';

describe('sanitizeText: benign corpus', () => {
  it.each(BENIGN.map((entry) => [entry.title, entry.value] as const))(
    '%s passes byte-identical',
    (_title, value) => {
      const result = sanitizeText(value);
      expect(result).toEqual({ ok: true, value: value.normalize('NFC'), findings: [], hidden: [] });
    },
  );

  it('the corpus covers right-to-left, Indic, CJK and emoji text (a guard against an emptied corpus)', () => {
    expect(BENIGN.length).toBeGreaterThanOrEqual(30);
  });
});

describe('sanitizeText: attack corpus', () => {
  it.each(ATTACKS.map((entry) => [entry.title, entry] as const))('%s is caught', (_title, attack) => {
    const result = sanitizeText(attack.value);
    if (!result.ok) throw new Error('a default policy only cleans and reports');
    const counts = Object.fromEntries(result.findings.map((finding) => [finding.code, finding.count]));
    expect(counts).toEqual(attack.findings);
    if (attack.output !== undefined) expect(result.value).toBe(attack.output);
    if (attack.hidden !== undefined) expect(result.hidden).toEqual(attack.hidden);
    for (const finding of result.findings) {
      expect(finding.pointer).toBe('');
      expect(finding.action).toBe(
        finding.code === 'text.mixed_script' || finding.code === 'text.confusable' ? 'reported' : 'cleaned',
      );
    }
  });

  it('findings never carry the hidden text, only counts, lengths and a digest', () => {
    const result = sanitizeText('x\u{E0073}\u{E0065}\u{E0063}\u{E0072}\u{E0065}\u{E0074}');
    expect(result.ok && result.hidden).toEqual([{ kind: 'tag_ascii', decoded: 'secret' }]);
    const serialized = JSON.stringify(result.findings);
    expect(serialized).not.toContain('secret');
    expect(result.findings[0]?.detail).toMatchObject({
      payloads: 1,
      decodedLength: 6,
      digest: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
  });

  it('lists at most eight distinct code points, as hex', () => {
    const controls = Array.from({ length: 12 }, (_, i) => String.fromCharCode(0x0e + i)).join('');
    const [finding] = sanitizeText(`a${controls}b`).findings;
    expect(finding?.count).toBe(12);
    expect(finding?.detail?.distinct).toBe(12);
    expect(String(finding?.detail?.codePoints).split(' ')).toHaveLength(8);
    expect(finding?.detail?.codePoints).toMatch(/^(U\+[0-9A-F]{4} ?)+$/);
  });
});

describe('sanitizeText: normalization and fast path', () => {
  it('returns NFC without a finding (canonical equivalents are the same text)', () => {
    const result = sanitizeText('Cafe\u0301 Ame\u0301lie');
    expect(result).toEqual({ ok: true, value: 'Café Amélie', findings: [], hidden: [] });
  });

  it('composes a base and a mark that a removed character kept apart', () => {
    const result = sanitizeText('e\u200B\u0301');
    expect(result.ok && result.value).toBe('é');
  });

  it('returns printable ASCII as the very same string', () => {
    const value = 'plain text, 100% ASCII\n\twith a tab';
    const result = sanitizeText(value);
    expect(result.ok && result.value).toBe(value);
  });
});

describe('sanitizeText: single-line mode', () => {
  it('turns line breaks and tabs into spaces, a CRLF pair into one', () => {
    const result = sanitizeText('one\ntwo\r\nthree\tfour\u2028five', { multiline: false });
    expect(result.ok && result.value).toBe('one two three four five');
    const counts = Object.fromEntries(result.findings.map((finding) => [finding.code, finding.count]));
    expect(counts).toEqual({ 'text.line_break': 3, 'text.control': 1 });
  });

  it('treats the whole value as one bidi paragraph', () => {
    const value = 'שלום \u2066a\nb\u2069';
    expect(sanitizeText(value).findings.map((finding) => finding.code)).toEqual(['text.bidi_control']);
    expect(sanitizeText(value, { multiline: false }).findings.map((finding) => finding.code)).toEqual([
      'text.line_break',
    ]);
  });
});

describe('sanitizeText: policies that refuse', () => {
  it.each([
    ['control', 'a\u0000b'],
    ['line_break', 'a\u2028b'],
    ['bidi_control', 'a\u202Eb'],
    ['zero_width', 'a\u200Bb'],
    ['invisible', 'a\u2062b'],
    ['tag_characters', 'a\u{E0061}'],
    ['variation_selector', 'a\uFE01'],
    ['noncharacter', 'a\uFDD0'],
    ['annotation', 'a\uFFF9'],
  ] as const)('%s: reject refuses the value and says why', (name, value) => {
    const result = sanitizeText(value, { actions: { [name]: 'reject' } });
    expect(result.ok).toBe(false);
    expect(result.findings).toContainEqual(
      expect.objectContaining({ code: `text.${name}`, action: 'rejected' }),
    );
    expect(sanitizeText(value).ok).toBe(true);
  });

  it('a reject action only fires when its class hit', () => {
    expect(sanitizeText('a\u200Bb', { actions: { control: 'reject' } }).ok).toBe(true);
  });

  it('private use: keep, remove (default), reject', () => {
    expect(sanitizeText('a\uE000', { privateUse: 'keep' })).toEqual({
      ok: true,
      value: 'a\uE000',
      findings: [],
      hidden: [],
    });
    expect(sanitizeText('a\uE000')).toMatchObject({
      ok: true,
      value: 'a',
      findings: [{ code: 'text.private_use', action: 'cleaned' }],
    });
    expect(sanitizeText('a\uE000', { privateUse: 'reject' })).toMatchObject({
      ok: false,
      findings: [{ action: 'rejected' }],
    });
  });

  it('mixed-script and confusable words are refused when the policy says so', () => {
    expect(sanitizeText('pаypal', { mixedScript: 'reject' })).toMatchObject({
      ok: false,
      findings: [
        { code: 'text.mixed_script', action: 'rejected' },
        { code: 'text.confusable', action: 'reported' },
      ],
    });
    expect(sanitizeText('Sign in to аррӏе', { confusables: 'reject' })).toMatchObject({
      ok: false,
      findings: [
        { code: 'text.confusable', action: 'rejected', detail: { scripts: 'Cyrillic', imitated: 'Latin' } },
      ],
    });
  });

  it('lone surrogates are refused by default, or replaced with U+FFFD', () => {
    expect(sanitizeText('a\uD800b')).toEqual({
      ok: false,
      findings: [{ code: 'text.lone_surrogate', pointer: '', count: 1, action: 'rejected' }],
    });
    const replaced = sanitizeText('a\uD800b\uDC00', { loneSurrogates: 'replace' });
    expect(replaced).toMatchObject({
      ok: true,
      value: 'a\uFFFDb\uFFFD',
      findings: [{ code: 'text.lone_surrogate', count: 2 }],
    });
  });
});

describe('sanitizeText: length limits', () => {
  it('counts code points, not UTF-16 units', () => {
    expect(sanitizeText('😀😀😀', { maxCodePoints: 3 }).ok).toBe(true);
    expect(sanitizeText('😀😀😀😀', { maxCodePoints: 3 })).toEqual({
      ok: false,
      findings: [
        {
          code: 'text.too_long',
          pointer: '',
          count: 1,
          action: 'rejected',
          detail: { unit: 'code_points', limit: 3, actual: 4, stage: 'input' },
        },
      ],
    });
  });

  it('counts UTF-8 bytes', () => {
    expect(sanitizeText('ééé', { maxBytes: 6 }).ok).toBe(true);
    expect(sanitizeText('éééé', { maxBytes: 6 })).toMatchObject({
      ok: false,
      findings: [{ code: 'text.too_long', detail: { unit: 'bytes', limit: 6, actual: 8 } }],
    });
  });

  it('applies to plain ASCII too, exactly at the limit and one over', () => {
    expect(sanitizeText('abcd', { maxCodePoints: 4 }).ok).toBe(true);
    expect(sanitizeText('abcde', { maxCodePoints: 4 }).ok).toBe(false);
    expect(sanitizeText('abcde', { maxBytes: 4 }).findings[0]?.detail).toMatchObject({
      unit: 'bytes',
      actual: 5,
    });
  });

  it('checks the output again, since NFC can lengthen text', () => {
    // U+FB2C (Hebrew shin with dagesh and shin dot) is a composition exclusion: NFC makes it three code points.
    const result = sanitizeText('\uFB2C', { maxCodePoints: 2 });
    expect(result).toMatchObject({
      ok: false,
      findings: [{ code: 'text.too_long', detail: { stage: 'output', actual: 3 } }],
    });
  });

  it('never truncates: the refusal carries no value', () => {
    expect('value' in sanitizeText('x'.repeat(20), { maxCodePoints: 10 })).toBe(false);
  });
});

// A payload's digest is the SHA-256 of its decoded text whether computed afresh or remembered from before.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeText } from '../../../src/purposes/text/sanitize-text.js';

/** `ascii` smuggled as tag characters after a word. */
function smuggled(ascii: string): string {
  return (
    'hi' + ascii.replace(/[ -~]/g, (char) => String.fromCodePoint(0xe0000 + char.charCodeAt(0))) + ' there'
  );
}

function digestOf(text: string): unknown {
  const result = sanitizeText(text);
  return result.findings.find((finding) => finding.code === 'text.tag_characters')?.detail?.digest;
}

function sha256Prefix(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

describe('hidden payload digests', () => {
  it('are the SHA-256 prefix of the decoded payload, the first time and every time after', () => {
    for (let round = 0; round < 3; round++)
      expect(digestOf(smuggled('Ignore all'))).toBe(sha256Prefix('Ignore all'));
  });

  it('stay right for many distinct payloads, past what is remembered, and for long ones', () => {
    const payloads = Array.from({ length: 300 }, (_, n) => `payload ${n}`);
    payloads.push('x'.repeat(3000));
    for (let round = 0; round < 2; round++)
      for (const payload of payloads) expect(digestOf(smuggled(payload))).toBe(sha256Prefix(payload));
  });
});

/** Tag characters, variation selectors and what separates their runs into payloads. */
const HIDDEN_PIECES = [
  ...'a 中 😀 . '.split(' '),
  ...'\u{E0049} \u{E0067} \u{E007F} \u{E0158} \u{E0100} \uFE00 \uFE0F \u200B \u2066'.split(' '),
];

describe('hidden payload notes', () => {
  it('count, measure and digest exactly the payloads returned, per kind', () => {
    const pieces = fc.array(fc.constantFrom(...HIDDEN_PIECES), { maxLength: 40 });
    fc.assert(
      fc.property(pieces, (chosen) => {
        const result = sanitizeText(chosen.join(''), { secrets: 'keep' });
        if (!result.ok) return;
        for (const [code, kind] of [
          ['text.tag_characters', 'tag_ascii'],
          ['text.variation_selector', 'variation_selectors'],
        ] as const) {
          const decoded = result.hidden
            .filter((payload) => payload.kind === kind)
            .map((payload) => payload.decoded);
          const detail = result.findings.find((finding) => finding.code === code)?.detail ?? {};
          if (decoded.length === 0) {
            expect(detail.payloads).toBeUndefined();
            continue;
          }
          expect([detail.payloads, detail.decodedLength, detail.digest]).toEqual([
            decoded.length,
            decoded.join('').length,
            sha256Prefix(decoded.join('\n')),
          ]);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

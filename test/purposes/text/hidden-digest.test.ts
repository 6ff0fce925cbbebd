// A payload's digest is the SHA-256 of its decoded text whether computed afresh or remembered from before.
import { createHash } from 'node:crypto';
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

// The log sink's opt-ins: personal data and placeholders kept by default, redacted when the options say so.
import { describe, expect, it } from 'vitest';
import { toLogLine } from '../../../sinks/log/line.js';

const CONTACT = 'Reach ana.silva@mail.example.org or +44 20 7946 0958, IBAN DE89 3704 0044 0532 0130 00.';

function output(line: string): string {
  return (JSON.parse(line) as { output: string }).output;
}

describe('toLogLine and personal data', () => {
  it('keeps personal data by default', () => {
    expect(output(toLogLine({ output: CONTACT }))).toBe(CONTACT);
  });

  it('redacts it with `pii: "redact"`, in values and in field names', () => {
    const line = toLogLine({ output: CONTACT, 'ana.silva@mail.example.org': 1 }, { pii: 'redact' });
    expect(JSON.parse(line)).toEqual({
      output: 'Reach [redacted:pii:email] or [redacted:pii:phone], IBAN [redacted:pii:iban].',
      '[redacted:pii:email]': 1,
    });
  });

  it('redacts a secret as a secret even where it also looks like personal data', () => {
    const line = toLogLine({ output: 'https://ops:Xq7-pL2m9Rz@db.example.net/app' }, { pii: 'redact' });
    expect(output(line)).toBe('https://ops:[redacted:secret:basic-auth]@db.example.net/app');
  });

  it('redacts placeholders in a credential’s place with `placeholders: "redact"`', () => {
    const text = 'aws_access_key_id = AKIAIOSFODNN7EXAMPLE';
    expect(output(toLogLine({ output: text }))).toBe(text);
    expect(output(toLogLine({ output: text }, { placeholders: 'redact' }))).toBe(
      'aws_access_key_id = [redacted:secret:aws]',
    );
  });

  it('refuses a policy other than keep or redact', () => {
    expect(() => toLogLine({ output: CONTACT }, { pii: 'mask' as 'redact' })).toThrow(TypeError);
  });
});

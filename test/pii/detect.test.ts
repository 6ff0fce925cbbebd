// The PII detector: each kind found by its checksum or its library, look-alikes that fail their check kept.
import { describe, expect, it } from 'vitest';
import { detectPii, redactPii, type PiiKind } from '../../src/pii/index.js';

/** Made-up values of valid form: each passes its check (Luhn, mod 97, its country's check letter or digits). */
const FOUND: readonly (readonly [PiiKind, string])[] = [
  ['email', 'ana.silva@mail.example.org'],
  ['email', 'j.o+billing@sub.example.co.uk'],
  ['phone', '+44 20 7946 0958'],
  ['phone', '+1 415-555-2671'],
  ['phone', '+49 30 901820'],
  ['card', '4539 1488 0343 6467'],
  ['card', '4539148803436467'],
  ['card', '3782 822463 10005'],
  ['iban', 'DE89 3704 0044 0532 0130 00'],
  ['iban', 'GB82WEST12345698765432'],
  ['iban', 'FR14 2004 1010 0505 0001 3M02 606'],
  ['national-id', '12345678Z'],
  ['national-id', '123.456.789-09'],
];

/** What must stay: numbers that fail their check, versions, dates, order ids, ids and code that holds an `@`. */
const KEPT: readonly string[] = [
  '4539 1488 0343 6468',
  'DE89 3704 0044 0532 0130 01',
  '12345678A',
  '123.456.789-00',
  'Released v2.14.3 on 2024-05-17 at 10:42:07Z.',
  'Order ORD-2024-000123, invoice 4539-1488, ticket #55012345.',
  'Run 550e8400-e29b-41d4-a716-446655440000 took 1234567890123 ms.',
  'git clone git@github.com:acme/tools.git and npm i @scope/package@1.2.3',
  'Fetch https://deploy@registry.example.net/v2/ then retry.',
  'Build 20240517123456 of 4242 4242 4242 4242 (the processor test card) passed.',
  'The limit is +12345 and the offset -9876543210.',
];

describe('detectPii', () => {
  it.each(FOUND)('finds a %s in a sentence, exactly its range', (kind, value) => {
    const text = `Customer record: ${value}. Thanks!`;
    const at = text.indexOf(value);
    expect(detectPii(text)).toEqual([{ kind, start: at, end: at + value.length }]);
  });

  it.each(KEPT)('keeps %j', (text) => {
    expect(detectPii(text)).toEqual([]);
  });

  it('redacts each kind with its marker and counts them, never holding a value', () => {
    const text =
      'Mail ana.silva@mail.example.org or call +44 20 7946 0958; pay to DE89 3704 0044 0532 0130 00.';
    expect(redactPii(text)).toEqual({
      text: 'Mail [redacted:pii:email] or call [redacted:pii:phone]; pay to [redacted:pii:iban].',
      counts: { email: 1, phone: 1, iban: 1 },
    });
  });

  it('answers nothing for text without a candidate, and never throws on odd content', () => {
    expect(detectPii('plain words only')).toEqual([]);
    expect(() => detectPii(`+${'1'.repeat(5000)} ${'@'.repeat(5000)} \uD800 DE00`)).not.toThrow();
  });
});

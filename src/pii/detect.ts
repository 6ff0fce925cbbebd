// The PII detector: e-mail addresses, phone numbers, payment cards, IBANs and national identity numbers.
import { findCards } from './cards.js';
import { findEmails } from './email.js';
import { findIbans } from './iban.js';
import type { PiiKind, PiiMatch } from './kinds.js';
import { findNationalIds } from './national-ids.js';
import { findPhones } from './phone.js';

/** What every kind of personal data needs in a text: an `@`, a `+` and a digit, or a run of digits. */
const MAY_HOLD = /@|\+\s?\d|\d[\d .-]{7}|[A-Z]{2}\d{2}/;

/** False when `text` cannot hold personal data (no `@`, no `+` before a digit, no run of digits): the cheap
 * question, which most text answers. */
export function mayHoldPii(text: string): boolean {
  return MAY_HOLD.test(text);
}

/** The finders, most specific first: where two overlap, the earlier kind names the range. */
const FINDERS: readonly (readonly [PiiKind, (text: string) => [number, number][]])[] = Object.freeze([
  ['email', findEmails],
  ['iban', findIbans],
  ['card', findCards],
  ['national-id', findNationalIds],
  ['phone', findPhones],
]);

/**
 * Finds the personal data in `text`: e-mail addresses, phone numbers in international form, payment card numbers
 * (Luhn), IBANs (mod 97) and national identity numbers whose check digit passes. Numbers that fail their check,
 * versions, dates and order numbers are not found. Deterministic; never throws on content.
 * @returns The ranges in order, without overlaps; never the values.
 */
export function detectPii(text: string): readonly PiiMatch[] {
  if (typeof text !== 'string' || !mayHoldPii(text)) return NO_MATCHES;
  const found: PiiMatch[] = [];
  for (const [kind, find] of FINDERS) {
    for (const [start, end] of find(text)) {
      if (!found.some((match) => start < match.end && match.start < end)) found.push({ kind, start, end });
    }
  }
  return Object.freeze(found.sort((a, b) => a.start - b.start).map((match) => Object.freeze(match)));
}

const NO_MATCHES: readonly PiiMatch[] = Object.freeze([]);

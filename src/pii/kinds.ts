// The kinds of personal data the PII detector finds, its match shape and its marker (data and types only).

/** Every kind of personal data the detector finds. */
export const PII_KINDS = Object.freeze(['email', 'phone', 'card', 'iban', 'national-id'] as const);

/** A kind of personal data. */
export type PiiKind = (typeof PII_KINDS)[number];

/** One piece of personal data: its kind and its UTF-16 range in the scanned text, never its value. */
export interface PiiMatch {
  readonly kind: PiiKind;
  readonly start: number;
  readonly end: number;
}

/** The marker that replaces one piece of personal data: `[redacted:pii:<kind>]`. */
export function piiMarker(kind: PiiKind): string {
  return `[redacted:pii:${kind}]`;
}

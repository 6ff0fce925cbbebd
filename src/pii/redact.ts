// PII redaction: every piece of personal data replaced by `[redacted:pii:<kind>]`, with counts per kind.
import { replaceMatches } from '../secrets/replace-matches.js';
import { detectPii } from './detect.js';
import { piiMarker, type PiiKind } from './kinds.js';

/** What {@link redactPii} returns: the text and how many pieces of each kind it replaced. */
export interface RedactPiiResult {
  readonly text: string;
  readonly counts: Readonly<Partial<Record<PiiKind, number>>>;
}

/** Replaces every piece of personal data that {@link detectPii} finds in `text` with its marker. */
export function redactPii(text: string): RedactPiiResult {
  return replaceMatches(text, detectPii(text), (match) => match.kind, piiMarker);
}

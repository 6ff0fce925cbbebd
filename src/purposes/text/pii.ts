// Personal data in a cleaned text value: replaced by `[redacted:pii:<kind>]`, reported as one `text.pii` finding.
import { piiMarker, redactPii, type PiiKind } from '../../pii/index.js';
import { markerFinding, type RedactedText } from './redact.js';

/**
 * `value` with every piece of personal data replaced by `[redacted:pii:<kind>]`, or `undefined` when it holds
 * none. The finding counts pieces per kind in its detail (`kinds` lists them); it never holds a value.
 */
export function redactPiiIn(value: string): RedactedText | undefined {
  const { text, counts } = redactPii(value);
  const found = markerFinding('text.pii', 'kinds', counts, (kind: PiiKind) => piiMarker(kind));
  return found === undefined ? undefined : { value: text, ...found };
}

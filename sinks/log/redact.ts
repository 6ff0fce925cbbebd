// Redacts secrets (and, by choice, personal data) in a string and bounds its length: the one place cutting is fine.
import { detectPii, piiMarker } from '../../src/pii/index.js';
import { detectSecrets, secretMarker } from '../../src/secrets/index.js';
import type { LogLineOptions } from './options.js';

/**
 * How far past what can be kept the detector looks, so that no cut leaves part of a secret behind: longer than
 * any single secret the detector knows (a PEM private key block, a long 1Password token).
 */
export const SECRET_LOOKAHEAD = 16 * 1024;

/** The marker that replaces a value redacted for its field's name (`password`, `x-api-key` …). */
export const redactionMarker = (name: string): string => `[redacted:${name}]`;

/** The marker appended to a cut string, with how many code points were left out. */
export const cutMarker = (omitted: number): string => `...[cut: ${omitted} more chars]`;

function countCodePoints(text: string, from: number): number {
  let count = 0;
  for (let at = from; at < text.length; at++) {
    const unit = text.charCodeAt(at);
    if (unit >= 0xd800 && unit <= 0xdbff && at + 1 < text.length) {
      const next = text.charCodeAt(at + 1);
      if (next >= 0xdc00 && next <= 0xdfff) at++;
    }
    count++;
  }
  return count;
}

/** What a log string has redacted beyond secrets: personal data, placeholders (both kept by default). */
export type LogRedaction = Pick<LogLineOptions, 'pii' | 'placeholders'>;

const SECRETS_ONLY: LogRedaction = Object.freeze({ pii: 'keep', placeholders: 'keep' });

/** One range to replace and the marker that replaces it. */
interface Hit {
  readonly start: number;
  readonly end: number;
  readonly marker: string;
}

/** The secrets (and, when redacted, the personal data that overlaps no secret) in a window, in order. */
function hitsIn(window: string, redaction: LogRedaction): Hit[] {
  const hits: Hit[] = detectSecrets(window, { placeholders: redaction.placeholders }).map((match) => ({
    start: match.start,
    end: match.end,
    marker: secretMarker(match.provider),
  }));
  if (redaction.pii === 'keep') return hits;
  for (const match of detectPii(window)) {
    if (!hits.some((hit) => match.start < hit.end && hit.start < match.end))
      hits.push({ start: match.start, end: match.end, marker: piiMarker(match.kind) });
  }
  return hits.sort((a, b) => a.start - b.start);
}

/**
 * `text` with every secret the one secret detector finds replaced by `[redacted:secret:<provider>]` (the
 * whole value, never a tail) and, with `redaction.pii` set to `redact`, every piece of personal data by
 * `[redacted:pii:<kind>]`; then cut after `maxCodePoints` code points of output
 * with `...[cut: N more chars]`. Log lines are the one sink where cutting is fine: a log is for an operator,
 * and the marker says exactly how much is missing. Secrets are found before cutting, in a window that reaches
 * {@link SECRET_LOOKAHEAD} units past what can be kept, so no cut leaves half a secret behind; a string longer
 * than the window is never scanned past it.
 */
export function redactAndBound(
  text: string,
  maxCodePoints: number,
  redaction: LogRedaction = SECRETS_ONLY,
): string {
  const windowEnd = Math.min(text.length, 2 * maxCodePoints + SECRET_LOOKAHEAD);
  const safeEnd = windowEnd === text.length ? text.length : windowEnd - SECRET_LOOKAHEAD;
  const hits = hitsIn(text.slice(0, windowEnd), redaction);
  let out = '';
  let kept = 0;
  let at = 0;
  let hitIndex = 0;
  while (at < safeEnd && kept < maxCodePoints) {
    const hit = hits[hitIndex];
    if (hit !== undefined && hit.start <= at) {
      if (hit.end > at) {
        out += hit.marker;
        kept++;
        at = hit.end;
      }
      hitIndex++;
      continue;
    }
    const codePoint = text.codePointAt(at) ?? 0;
    const width = codePoint > 0xffff ? 2 : 1;
    out += text.slice(at, at + width);
    kept++;
    at += width;
  }
  return at >= text.length ? out : out + cutMarker(countCodePoints(text, at));
}

// toLogLine: one event as exactly one bounded JSON line, controls escaped, secrets redacted, payloads digested.
import { toLogJson } from './escape.js';
import { resolveLogOptions } from './options.js';
import type { LogLineOptions } from './options.js';
import { logName, memberEntries, shapeMember } from './shape.js';

/** An event to log: named fields in the order they should appear. */
export type LogEvent = Readonly<Record<string, unknown>>;

/** The member added when whole fields were left out to keep the line under its length. */
export const CUT_FIELDS_MEMBER = '_cut_fields';

/** Room kept at the end of a line for the cut member. */
const CUT_RESERVE = 32;

/**
 * One log line (no line break of any kind inside) for an event, as a JSON object:
 * - strings have secrets (bearer tokens, Authorization values, AWS, GitHub, Slack, Stripe and Google keys, JWTs,
 *   private key blocks, `api_key=`/`password=` pairs, URL passwords) replaced by `[redacted:kind]`, and with
 *   `pii: 'redact'` personal data (e-mail, phone, card, IBAN, national id) by `[redacted:pii:<kind>]`;
 * - fields named like payloads (`body`, `rawResponse`, `payload`, …) become `{ bytes, sha256 }`, and fields named
 *   like secrets (`password`, `accessToken`, `x-api-key`, …) become `[redacted:field]`, at any depth;
 * - untrusted values become `{ untrusted: source, bytes, sha256 }`; errors keep their name and code only;
 * - controls, separators and format characters are escaped as `\uXXXX`;
 * - strings longer than `maxStringLength` and containers wider than `maxItems` are cut with explicit markers, and
 *   whole fields that would push the line past `maxLineLength` are left out and counted in `_cut_fields`.
 * Cutting is allowed here and nowhere else in Airlock: a log line is read by an operator, bounded length is what
 * keeps logging safe, and every cut is marked. Throws a TypeError for an event that is not an object or for
 * options that are not positive integers (configuration).
 */
export function toLogLine(event: LogEvent, options?: Partial<LogLineOptions>): string {
  const candidate: unknown = event;
  if (typeof candidate !== 'object' || candidate === null || Array.isArray(candidate)) {
    throw new TypeError('toLogLine takes an event object.');
  }
  const resolved = resolveLogOptions(options);
  const walk = { options: resolved, path: new Set<object>([event]) };
  const budget = resolved.maxLineLength - CUT_RESERVE;
  let line = '{';
  let cut = 0;
  for (const [name, value] of memberEntries(event)) {
    const member = toLogJson(logName(name, resolved)) + ':' + toLogJson(shapeMember(name, value, walk, 1));
    const next = line.length === 1 ? line + member : line + ',' + member;
    if (next.length + 1 > budget) {
      cut++;
      continue;
    }
    line = next;
  }
  if (cut > 0) line += (line.length === 1 ? '' : ',') + `"${CUT_FIELDS_MEMBER}":${cut}`;
  return line + '}';
}

// Serialises a log value as JSON that holds on one line and shows every invisible or control character escaped.

/**
 * What JSON.stringify leaves raw but a log line must not carry: DEL and C1 controls (NEL ends a line for some
 * readers), line and paragraph separators, and every format character (bidi embeddings, overrides, isolates and
 * marks, zero-width characters, tag characters), which can reorder or hide what an operator reads.
 */
const LEFT_RAW_BY_JSON = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

function escapeUnits(char: string): string {
  let out = '';
  for (let at = 0; at < char.length; at++) out += '\\u' + char.charCodeAt(at).toString(16).padStart(4, '0');
  return out;
}

/**
 * JSON for a log value with no raw control, separator or format character left: C0 controls and lone surrogates
 * are escaped by JSON itself, the rest as `\uXXXX` (astral ones as their surrogate pair). The result parses back
 * to the same value with JSON.parse and contains no line break of any kind.
 */
export function toLogJson(value: unknown): string {
  return JSON.stringify(value).replace(LEFT_RAW_BY_JSON, escapeUnits);
}

// Secrets in a cleaned text value: replaced by typed markers, reported as one `text.secret` finding.
import { detectSecrets, redactSecrets, secretMarker, type PlaceholderPolicy } from '../../secrets/index.js';
import type { Finding } from '../../vocabulary/finding.js';
import type { TextHiddenPayload } from './hidden.js';

/** A value with its secrets replaced: the new value, its finding, and the UTF-8 bytes the markers added. */
export interface RedactedText {
  readonly value: string;
  readonly finding: Finding;
  readonly markerBytes: number;
}

/**
 * `value` with every secret the detector finds replaced by `[redacted:secret:<provider>]` (the marker the log
 * sink writes too), or `undefined` when it holds none. The finding counts secrets per provider in its detail
 * (`providers` lists them); it never holds a value. Markers are ASCII and replace whole secrets, so the
 * result stays NFC. With `placeholders: 'redact'` placeholders in a credential's place are redacted too.
 */
export function redactSecretsIn(
  value: string,
  placeholders: PlaceholderPolicy = 'keep',
): RedactedText | undefined {
  const { text, counts } = redactSecrets(value, { placeholders });
  const found = markerFinding('text.secret', 'providers', counts, secretMarker);
  return found === undefined ? undefined : { value: text, ...found };
}

/**
 * The one finding for markers put in a value: `code`, the total count, and in its detail the names (under
 * `listName`) and a count per name; with the UTF-8 bytes the markers took. `undefined` when nothing was replaced.
 */
export function markerFinding<K extends string>(
  code: string,
  listName: string,
  counts: Readonly<Partial<Record<K, number>>>,
  marker: (name: K) => string,
): { readonly finding: Finding; readonly markerBytes: number } | undefined {
  const names = (Object.keys(counts) as K[]).sort();
  if (names.length === 0) return undefined;
  const detail: Record<string, string | number> = { [listName]: names.join(' ') };
  let count = 0;
  let markerBytes = 0;
  for (const name of names) {
    const found = counts[name] ?? 0;
    detail[name] = found;
    count += found;
    markerBytes += found * marker(name).length;
  }
  return { finding: { code, pointer: '', count, action: 'cleaned', detail }, markerBytes };
}

/**
 * Hidden payloads with the secrets in decoded tag-character text replaced too: revealed payloads go to the
 * audit record, which is no place for a credential either.
 */
export function redactHidden(hidden: readonly TextHiddenPayload[]): readonly TextHiddenPayload[] {
  if (hidden.length === 0) return hidden;
  return hidden.map((payload) =>
    payload.kind === 'tag_ascii' && holdsSecret(payload.decoded)
      ? { ...payload, decoded: redactSecrets(payload.decoded).text }
      : payload,
  );
}

/** True when the detector finds a secret (the cheap question first: most text has no candidate at all). */
function holdsSecret(text: string): boolean {
  return detectSecrets(text).length > 0;
}

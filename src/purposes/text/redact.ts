// Secrets in a cleaned text value: replaced by typed markers, reported as one `text.secret` finding.
import { detectSecrets, redactSecrets, secretMarker, type SecretProvider } from '../../secrets/index.js';
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
 * result stays NFC.
 */
export function redactSecretsIn(value: string): RedactedText | undefined {
  if (!holdsSecret(value)) return undefined;
  const { text, counts } = redactSecrets(value);
  const providers = (Object.keys(counts) as SecretProvider[]).sort();
  if (providers.length === 0) return undefined;
  const detail: Record<string, string | number> = { providers: providers.join(' ') };
  let count = 0;
  let markerBytes = 0;
  for (const provider of providers) {
    const found = counts[provider] ?? 0;
    detail[provider] = found;
    count += found;
    markerBytes += found * secretMarker(provider).length;
  }
  const finding: Finding = { code: 'text.secret', pointer: '', count, action: 'cleaned', detail };
  return { value: text, finding, markerBytes };
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

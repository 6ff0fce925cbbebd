// Redaction: every detected secret replaced by a typed marker, with per-provider counts.
import { detectSecrets } from './detect.js';
import type { RedactSecretsOptions, RedactSecretsResult, SecretProvider } from './types.js';

/** The default marker: `[redacted:secret:<provider>]`. */
export function secretMarker(provider: SecretProvider): string {
  return `[redacted:secret:${provider}]`;
}

/**
 * Replaces every secret that {@link detectSecrets} finds in `text` with a marker.
 * @returns The redacted text and the number of secrets replaced per provider.
 */
export function redactSecrets(text: string, options: RedactSecretsOptions = {}): RedactSecretsResult {
  const marker = options.marker ?? secretMarker;
  const matches = detectSecrets(text);
  const counts: Partial<Record<SecretProvider, number>> = Object.create(null) as Partial<
    Record<SecretProvider, number>
  >;
  if (matches.length === 0) return Object.freeze({ text, counts: Object.freeze(counts) });
  const parts: string[] = [];
  let last = 0;
  for (const match of matches) {
    parts.push(text.slice(last, match.start), marker(match.provider));
    counts[match.provider] = (counts[match.provider] ?? 0) + 1;
    last = match.end;
  }
  parts.push(text.slice(last));
  return Object.freeze({ text: parts.join(''), counts: Object.freeze(counts) });
}

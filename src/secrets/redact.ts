// Redaction: every detected secret replaced by a typed marker, with per-provider counts.
import { detectSecrets } from './detect.js';
import { replaceMatches } from './replace-matches.js';
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
  const matches = detectSecrets(text, options);
  return replaceMatches(text, matches, (match) => match.provider, marker);
}

// The secret detector's public surface: detection, redaction, provider ids and their types.
export { detectSecrets } from './detect.js';
export { redactSecrets, secretMarker } from './redact.js';
export { SECRET_PROVIDERS } from './types.js';
export type {
  DetectSecretsOptions,
  PlaceholderPolicy,
  RedactSecretsOptions,
  RedactSecretsResult,
  SecretMatch,
  SecretProvider,
} from './types.js';

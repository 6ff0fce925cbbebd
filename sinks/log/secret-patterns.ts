// The secret shapes the log sink redacts wherever they appear in a string (data).

/** One secret shape. When the pattern has a `secret` group only that group is redacted, otherwise the match.
 * Patterns carry the `d` flag so the group's indices are known. */
export interface SecretPattern {
  /** Stable name, shown in the redaction marker (`[redacted:github_token]`). */
  readonly name: string;
  /** A global pattern; `matchAll` clones it, so the frozen original is never mutated. */
  readonly pattern: RegExp;
}

const secret = (name: string, pattern: RegExp): SecretPattern =>
  Object.freeze({ name, pattern: Object.freeze(pattern) });

/**
 * Secret shapes, most specific first. A private key block with no end line is redacted to the end of the
 * string. The generic assignment catches `api_key=…`, `"password": "…"`, `client-secret: …` and the like,
 * keeping the name and redacting the value; it over-redacts rather than miss one.
 */
export const SECRET_PATTERNS: readonly SecretPattern[] = Object.freeze([
  secret(
    'private_key',
    /-----BEGIN[A-Z0-9 ]{0,40}PRIVATE KEY( BLOCK)?-----[\s\S]*?(?:-----END[A-Z0-9 ]{0,40}PRIVATE KEY( BLOCK)?-----|$)/dg,
  ),
  secret(
    'authorization',
    /\b(?:proxy-)?authorization"?\s*[:=]\s*"?(?<secret>[^\s",;]+(?:[ \t]+[^\s",;]+)?)/dgi,
  ),
  secret('bearer_token', /\bbearer\s+(?<secret>[A-Za-z0-9\-._~+/]+=*)/dgi),
  secret('aws_access_key', /\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b/dg),
  secret('github_token', /\bgh[pousr]_[A-Za-z0-9]{36,255}\b/dg),
  secret('github_pat', /\bgithub_pat_[A-Za-z0-9_]{22,255}\b/dg),
  secret('slack_token', /\bxox[abposre]-[A-Za-z0-9-]{10,250}/dg),
  secret('slack_webhook', /https:\/\/hooks\.slack\.com\/services\/[A-Za-z0-9/_-]{20,}/dg),
  secret('stripe_key', /\b[sr]k_(?:live|test)_[A-Za-z0-9]{16,247}\b/dg),
  secret('google_api_key', /\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/dg),
  secret('jwt', /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/dg),
  secret(
    'url_credentials',
    /(?<=[a-z][a-z0-9+.-]{0,31}:\/\/[^\s/:@]{1,128}:)(?<secret>[^\s/@]{1,256})(?=@)/dgi,
  ),
  secret(
    'assignment',
    /\b[A-Za-z0-9_.-]{0,64}(?:api[_-]?key|apikey|secret|passw(?:or)?d|pwd|passphrase|token|access[_-]?key|private[_-]?key)[A-Za-z0-9_.-]{0,64}"?\s*(?:=>|[:=])\s*(?<secret>"[^"\n]{1,512}"|'[^'\n]{1,512}'|[^\s"',;&}]{1,512})/dgi,
  ),
]);

/**
 * How far past the kept part of a long string the sink still looks for secrets, in UTF-16 units: longer than
 * any bounded shape above, so a secret that starts in the kept part is always seen whole.
 */
export const SECRET_LOOKAHEAD = 1024;

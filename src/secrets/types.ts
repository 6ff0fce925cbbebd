// Public types of the secret detector: provider ids, findings and redaction results (never secret text).

/** Every provider id a finding can carry, from the most specific rule that matched. */
export const SECRET_PROVIDERS = Object.freeze([
  '1password',
  'adobe',
  'age',
  'airtable',
  'alibaba',
  'anthropic',
  'artifactory',
  'atlassian',
  'authress',
  'aws',
  'azure',
  'basic-auth',
  'buildkite',
  'circleci',
  'clickhouse',
  'clojars',
  'cloudflare',
  'connection-string',
  'databricks',
  'digitalocean',
  'discord',
  'docker',
  'doppler',
  'dropbox',
  'duffel',
  'dynatrace',
  'easypost',
  'facebook',
  'firecrawl',
  'flutterwave',
  'flyio',
  'frameio',
  'generic',
  'github',
  'gitlab',
  'google',
  'grafana',
  'harness',
  'hashicorp',
  'heroku',
  'high-entropy',
  'hubspot',
  'huggingface',
  'infracost',
  'intra42',
  'ionic',
  'jina',
  'jwt',
  'kubernetes',
  'langsmith',
  'linear',
  'mailchimp',
  'mailgun',
  'mapbox',
  'maxmind',
  'microsoft',
  'mongodb',
  'newrelic',
  'notion',
  'npm',
  'nuget',
  'octopus',
  'openai',
  'openshift',
  'perplexity',
  'planetscale',
  'postman',
  'prefect',
  'private-key',
  'pulumi',
  'pypi',
  'readme',
  'ruby-gems',
  'salesforce',
  'scalingo',
  'segment',
  'sendgrid',
  'sendinblue',
  'sentry',
  'settlemint',
  'shippo',
  'shopify',
  'slack',
  'sonarqube',
  'sourcegraph',
  'square',
  'stackhawk',
  'stripe',
  'tailscale',
  'teamcity',
  'teamwork',
  'telegram',
  'thingsboard',
  'twilio',
  'typeform',
  'yandex',
] as const);

/** A provider id: which kind of credential a finding is. */
export type SecretProvider = (typeof SECRET_PROVIDERS)[number];

/** One detected secret: its provider and its UTF-16 code-unit range in the scanned text, never its value. */
export interface SecretMatch {
  /** The kind of credential. */
  readonly provider: SecretProvider;
  /** Offset of the first code unit of the secret. */
  readonly start: number;
  /** Offset just past the last code unit of the secret. */
  readonly end: number;
}

/** Placeholders in a credential's place (`AKIAIOSFODNN7EXAMPLE`, `password: changeme`, `xxxx…`): kept (the
 * default: a sample in documentation is no secret) or redacted like credentials. */
export type PlaceholderPolicy = 'keep' | 'redact';

/** Options of {@link detectSecrets}. */
export interface DetectSecretsOptions {
  /** `keep` (the default) leaves placeholders alone; `redact` finds them as credentials. */
  readonly placeholders?: PlaceholderPolicy;
}

/** Options of {@link redactSecrets}. */
export interface RedactSecretsOptions extends DetectSecretsOptions {
  /** Builds the text that replaces one secret; the default is `[redacted:secret:<provider>]`. */
  readonly marker?: (provider: SecretProvider) => string;
}

/** What {@link redactSecrets} returns: the redacted text and how many secrets of each provider it replaced. */
export interface RedactSecretsResult {
  /** The input with every detected secret replaced by its marker. */
  readonly text: string;
  /** Count of replaced secrets per provider; providers with no secret are absent. */
  readonly counts: Readonly<Partial<Record<SecretProvider, number>>>;
}

// The log sink redacts secrets with the one detector, in prose, in headers and in JSON-ish text, never a tail.
import { describe, expect, it } from 'vitest';
import { redactAndBound } from '../../../sinks/log/redact.js';
import { TRUE_POSITIVES } from '../../secrets/harness.js';

/** A real-looking secret of one scanner rule, from the third-party corpus (never written in this file). */
function corpusSecret(rule: string): string {
  const found = TRUE_POSITIVES.find((item) => item.rule === rule);
  if (found === undefined) throw new Error(`no corpus secret for ${rule}`);
  return found.secret;
}

/** Fake secrets, assembled at run time so no complete token shape sits in the source file. */
const fake = {
  aws: corpusSecret('aws-access-token'),
  github: ['gh', 'p_', 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8'].join(''),
  githubPat: corpusSecret('github-fine-grained-pat'),
  slack: corpusSecret('slack-bot-token'),
  slackWebhook: corpusSecret('slack-webhook-url'),
  stripe: ['sk', '_live_', '4eC39HqLyjWDarjtT1zdp7dc'].join(''),
  google: corpusSecret('gcp-api-key'),
  jwt: [
    'eyJhbGciOiJIUzI1NiJ9',
    'eyJzdWIiOiIxMjM0NTY3ODkwIn0',
    'dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
  ].join('.'),
  privateKey: [
    '-----BEGIN ',
    'RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM2q8Hd7LwPk3Rz9TfXe2JcVb\n-----END RSA PRIVATE KEY-----',
  ].join(''),
};

const cases: [string, string, string][] = [
  ['bearer token', `call with Bearer ${fake.jwt}x and more`, 'Bearer abc'],
  ['Authorization header', 'Authorization: Token 9f8e7d6c5b4a', '9f8e7d6c5b4a'],
  ['Proxy-Authorization header', 'proxy-authorization=Basic dXNlcjpwYXNz', 'dXNlcjpwYXNz'],
  ['AWS access key', `key=${fake.aws};`, fake.aws],
  ['GitHub token', `token ${fake.github} here`, fake.github],
  ['GitHub fine-grained token', fake.githubPat, fake.githubPat],
  ['Slack token', `slack ${fake.slack}`, fake.slack],
  ['Slack webhook', `post to ${fake.slackWebhook}`, fake.slackWebhook],
  ['Stripe key', `stripe ${fake.stripe}`, fake.stripe],
  ['Google API key', `maps ${fake.google}`, fake.google],
  ['JWT', `session ${fake.jwt}`, fake.jwt],
  ['private key block', `key:\n${fake.privateKey}\nafter`, 'MIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM2'],
  ['private key block with no end line', fake.privateKey.slice(0, 95), 'MIIEpAIB'],
  ['api_key pair in a query string', 'https://api.example/v1?api_key=a8Kd93jQz71m&x=1', 'a8Kd93jQz71m'],
  ['password in JSON text', '{"user":"bob","password": "hunter2"}', 'hunter2'],
  ['client secret in YAML text', 'client_secret: s3cr3t-value', 's3cr3t-value'],
  ['password in a URL', 'postgres://app:pa55word@db.internal:5432/main', 'pa55word'],
];

describe('secret redaction', () => {
  it.each(cases)('redacts a %s', (_name, text, secret) => {
    const out = redactAndBound(text, 4096);
    expect(out).not.toContain(secret);
    expect(out).toMatch(/\[redacted:secret:[a-z0-9-]+\]/);
  });

  it('keeps the names of assignments and the text around secrets', () => {
    expect(redactAndBound(`a ${fake.aws} b`, 4096)).toBe('a [redacted:secret:aws] b');
    expect(redactAndBound('/v1?api_key=a8Kd93jQz71m&x=1', 4096)).toMatch(
      /^\/v1\?api_key=\[redacted:secret:[a-z-]+\]&x=1$/,
    );
  });

  it('leaves ordinary prose alone', () => {
    const prose = 'The author asked for basic tokens of appreciation; passwords were not discussed.';
    expect(redactAndBound(prose, 4096)).toBe(prose);
  });

  it('never leaves part of a secret behind when cutting', () => {
    for (let keep = 1; keep < 60; keep++) {
      const out = redactAndBound(`${'x'.repeat(keep)} ${fake.github}`, 40);
      expect(out).not.toMatch(/gh[pousr]_/);
    }
    const far = redactAndBound(`${'y'.repeat(5000)} ${fake.github}`, 10);
    expect(far).toBe(`${'y'.repeat(10)}...[cut: ${5001 + fake.github.length - 10} more chars]`);
  });

  it('counts and marks a cut in code points', () => {
    expect(redactAndBound('😀'.repeat(10), 4)).toBe('😀😀😀😀...[cut: 6 more chars]');
  });
});

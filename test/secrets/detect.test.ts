// The secret detector's behaviour on the shapes the issue names, on placeholders, and on hostile input.
import { describe, expect, it } from 'vitest';
import { detectSecrets, redactSecrets } from '../../src/secrets/index.js';

const redact = (text: string): string => redactSecrets(text).text;

describe('redactSecrets', () => {
  it.each([
    [
      'postgres://app:p@ss%23word@db.internal:5432/main',
      'postgres://app:[redacted:secret:connection-string]@db.internal:5432/main',
    ],
    [
      'curl -u deploy:Zq8!vR2#kP https://api.internal',
      'curl -u deploy:[redacted:secret:basic-auth] https://api.internal',
    ],
    [
      'SNYK_TOKEN := "9a8b7c6d-1f2e-4d3c-8b9a-0f1e2d3c4b5a"\nNEXT_KEY=1',
      'SNYK_TOKEN := "[redacted:secret:generic]"\nNEXT_KEY=1',
    ],
    ['{"api_key": "Vn3}x, q9 Lm2,Pz8"}', '{"api_key": "[redacted:secret:generic]"}'],
    [
      '--password=Hunter2Long! --token Rk39sLq02mZx81Ab',
      '--password=[redacted:secret:generic] --token [redacted:secret:generic]',
    ],
    [
      'Authorization: Bearer 832d2129-a846-4e27-99f4-7004b6ad53ef',
      'Authorization: Bearer [redacted:secret:generic]',
    ],
  ])('redacts the whole secret in %s', (input, expected) => {
    expect(redact(input)).toBe(expected);
  });

  it('counts secrets per provider and uses typed markers', () => {
    const result = redactSecrets('a 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 b glpat-Xk29dLq8Wm3Zr7Pn1Vb4');
    expect(result.text).toBe('a [redacted:secret:github] b [redacted:secret:gitlab]');
    expect({ ...result.counts }).toEqual({ github: 1, gitlab: 1 });
  });

  it('finds percent-, JSON- and base64-encoded secrets', () => {
    const token = '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';
    for (const text of [
      `https://x.test/?q=${encodeURIComponent(`password = "${token}"`)}`,
      JSON.stringify({ log: `TOKEN=${token}\nnext` }),
      `data: ${Buffer.from(`{"token":"${token}"}`).toString('base64')}`,
    ]) {
      expect(detectSecrets(text).length, text).toBeGreaterThan(0);
      expect(redact(text)).not.toContain('wWPw5k4aXcaT4fNP');
    }
  });

  it('keeps placeholders and template references', () => {
    for (const text of [
      'api_key = "your-key-here"',
      'SLACK_TOKEN=xoxb-xxxxxxxxxxxx-xxxxxxxxxxxx',
      'AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE',
      'password: ${DB_PASSWORD}',
      'token: {{ secrets.GITHUB_TOKEN }}',
      'The key point is that nothing here is secret.',
    ]) {
      expect(redact(text), text).toBe(text);
    }
  });

  it('never puts the value in a finding', () => {
    const [match] = detectSecrets('token: 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');
    expect(match).toEqual({ provider: 'github', start: 7, end: 47 });
    expect(Object.keys(match ?? {})).toEqual(['provider', 'start', 'end']);
  });

  it('is deterministic and never throws on odd content', () => {
    const odd = [
      '',
      '\u0000\uffff\ud800',
      '%%%',
      '\\u12',
      '-----BEGIN RSA PRIVATE KEY-----',
      'a'.repeat(100),
    ];
    for (const text of odd) expect(redactSecrets(text)).toEqual(redactSecrets(text));
  });
});

describe('hostile input', () => {
  const MB = 1 << 20;
  it.each([
    ['token runs', 'A'.repeat(MB)],
    ['key=value pairs', 'password=a'.repeat(MB / 10)],
    ['colons and at signs', 'a:b@'.repeat(MB / 4)],
    ['url userinfo', 'https://a:b'.repeat(MB / 11)],
    ['percent escapes', '%41'.repeat(MB / 3)],
    ['json escapes', '\\"'.repeat(MB / 2)],
    ['jwt-like', 'eyJhbGciOi.'.repeat(MB / 11)],
    ['quotes after keys', 'secret="'.repeat(MB / 8)],
    ['pem begin', '-----BEGIN PRIVATE KEY-----\n'.repeat(MB / 28)],
    ['flags', '--token '.repeat(MB / 8)],
  ])('stays bounded on 1 MB of %s', (_, text) => {
    const start = performance.now();
    redactSecrets(text);
    expect(performance.now() - start).toBeLessThan(30_000);
  });
});

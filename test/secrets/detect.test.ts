// The secret detector's behaviour on the shapes the issue names, on placeholders, and on hostile input.
import { describe, expect, it } from 'vitest';
import { detectSecrets, redactSecrets, secretMarker } from '../../src/secrets/index.js';
import { PREFIX_RULES } from '../../src/secrets/providers.js';

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
      '# db\nexport DB_PASSWORD=open_sesame\nLOG_LEVEL=info',
      '# db\nexport DB_PASSWORD=[redacted:secret:generic]\nLOG_LEVEL=info',
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
});

describe('provider shapes and credential forms', () => {
  it.each([
    ['clickhouse', '4b1dU8JZpDE0iGXlD6gNCFbaEPFjbD0kH8Oool8Dkl'],
    ['airtable', 'patZDOCj2ISaJiHkT.9fe430e5274621be518924ed90d2355f39eeb1d4d98fb00ea0022f3a26ba5595'],
    ['hashicorp', 's.j0rLGlkoMXGjtEkDnNfribxU'],
    ['1password', 'A3-33XTPL-PFT75V2SEH6-0KVJ5-0CE9U-VW53E'],
    ['discord', 'MTIzNDU2Nzg5MDEyMzQ1Njc4.1F8Res.qEDusTpkr0cStY4qWB8dWKnHfDNxSI'],
    [
      'microsoft',
      'https://contoso.webhook.office.com/webhookb2/6415479c-65dc-4f50-bf63-af83bd0561e6@14a0f9e7-7f1b-403c-9f15-82b0eab477d2/IncomingWebhook/9dd4e461268c8034f5c8564e155c67a6/8ca81811-66d2-4876-b2fd-f2022a96fb1a',
    ],
  ])('finds a bare %s credential without key or context', (provider, token) => {
    expect(redactSecrets(`got ${token} back`).text).toBe(`got [redacted:secret:${provider}] back`);
  });

  it.each([
    [
      'curl -X POST https://api.internal/v1 \\\n  -H "Accept: */*" \\\n  -u deploy:R4I0b3jRtaWr',
      'curl -X POST https://api.internal/v1 \\\n  -H "Accept: */*" \\\n  -u deploy:[redacted:secret:basic-auth]',
    ],
    [
      "curl -s --user 'deploy:pa$$R4I0b3j' https://api.internal",
      "curl -s --user 'deploy:[redacted:secret:basic-auth]' https://api.internal",
    ],
    [
      'export BUNDLE_GEMS__ACME__IO=ci:R4I0b3jRtaWr',
      'export BUNDLE_GEMS__ACME__IO=[redacted:secret:generic]',
    ],
    ['SUMO_ACCESS_ID = "suR4I0b3jRtaWr"', 'SUMO_ACCESS_ID = "[redacted:secret:generic]"'],
  ])('redacts the credential of %s', (input, expected) => {
    expect(redact(input)).toBe(expected);
  });

  it('keeps public keys, malformed provider tokens, ids and prose under credential names', () => {
    for (const text of [
      'const firebase = "AIzaSyAnLA7NfeLquW1tJFpx_eQCxoX-oo6YyIs"',
      'stripe.init("pk_live_R4I0b3jRtaWrU8JZpDE0iGXl")',
      'DEPLOY_TOKEN=dapi0c9e8fd1b2a3c4d5e6f7a8b9c0d1e2f3ghij',
      'report_access_id: 6415479c-65dc-4f50-bf63-af83bd0561e6',
      'public_key = "U8JZpDE0iGXlD6gNCFbaEPFjbD0kH8Oool8Dkl2"',
      'password = "must be at least twelve characters"',
      'API_SECRET=`vault read -field=value secret/api`',
      'see https://docs.example.org/d/1W7KCxOxP1Fy5EyF2lbJGE2WuKmu5v0suYqo/edit',
      'curl -u <user:password> https://api.internal',
    ]) {
      expect(redact(text), text).toBe(text);
    }
  });

  it('names providers so that a marker never repeats eight characters of its token prefix', () => {
    for (const rule of PREFIX_RULES) {
      const marker = secretMarker(rule.provider);
      for (const prefix of rule.prefixes)
        for (let i = 0; i + 8 <= prefix.length; i++) expect(marker).not.toContain(prefix.slice(i, i + 8));
    }
  });
});

describe('markers, counts, encodings and odd content', () => {
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
    ['curl users', 'curl -u a:b '.repeat(MB / 12)],
    ['continued lines', 'x \\\n'.repeat(MB / 4)],
    ['azure tildes', '1Q~'.repeat(MB / 3)],
    ['dotted segments', 'MTIzNDU2Nzg5MDEyMzQ1Njc4.1F8Res.'.repeat(MB / 32)],
    ['url paths', `https://h/${'aB3dE6gH9jK2mN5pQ8sT1vW4yZ7'.repeat(MB / 28)}`],
  ])('stays bounded on 1 MB of %s', (_, text) => {
    const start = performance.now();
    redactSecrets(text);
    const elapsed = performance.now() - start;
    console.log(`1 MB of ${_}: ${elapsed.toFixed(0)} ms`);
    // Linear rules take well under 2 s here; the bound leaves room for a loaded machine, not for backtracking.
    expect(elapsed).toBeLessThan(5_000);
  });
});

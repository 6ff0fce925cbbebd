// checkUrl: every block reason, the canonical href of allowed URLs, and a table of known bypass attempts.
import { describe, expect, it } from 'vitest';
import { checkUrl, type UrlDecision } from '../../src/egress/check-url.js';
import { DEFAULT_BLOCKED_NAMES } from '../../src/egress/blocked-names.js';
import { defineEgressPolicy, type EgressPolicy } from '../../src/egress/policy.js';
import { URL_BLOCK_REASONS, type UrlBlockReason } from '../../src/egress/reasons.js';

function reasonOf(decision: UrlDecision): UrlBlockReason | 'allowed' {
  return decision.allowed ? 'allowed' : decision.reason;
}

const literals = defineEgressPolicy({ ipLiterals: 'allow' });
const web = defineEgressPolicy({ schemes: ['https', 'http'], ipLiterals: 'allow' });

describe('checkUrl allows', () => {
  it.each([
    ['https://example.com', 'https://example.com/'],
    ['HTTPS://EXAMPLE.COM:443/a/../b?x=1#f', 'https://example.com/b?x=1#f'],
    ['  https://example.com/\t\n', 'https://example.com/'],
    ['https://münchen.de/straße', 'https://xn--mnchen-3ya.de/stra%C3%9Fe'],
    ['https://例え.jp/', 'https://xn--r8jz45g.jp/'],
    ['https://example.com/a^b', 'https://example.com/a%5Eb'],
    ['https://sub.example.co.uk/path?q=a%20b&r=2', 'https://sub.example.co.uk/path?q=a%20b&r=2'],
  ])('%j as %s', (input, href) => {
    expect(checkUrl(input)).toEqual({ allowed: true, href, findings: [] });
  });

  it('public IP literals only when the policy allows literals, in canonical form', () => {
    expect(reasonOf(checkUrl('https://8.8.8.8/'))).toBe('ip_literal');
    expect(checkUrl('https://134744072/', literals)).toMatchObject({
      allowed: true,
      href: 'https://8.8.8.8/',
    });
    expect(checkUrl('https://[2606:4700:4700:0::1111]/', literals)).toMatchObject({
      href: 'https://[2606:4700:4700::1111]/',
    });
    expect(checkUrl('https://[64:ff9b::808:808]/', literals)).toMatchObject({ allowed: true });
  });

  it('a relative reference against a trusted base', () => {
    expect(checkUrl('/docs?page=2', undefined, { base: 'https://example.com/a/b' })).toMatchObject({
      allowed: true,
      href: 'https://example.com/docs?page=2',
    });
    // `https:evil.com` with an https base is a path on the base host, not a new host.
    expect(checkUrl('https:evil.com', undefined, { base: 'https://example.com/' })).toMatchObject({
      href: 'https://example.com/evil.com',
    });
    expect(checkUrl('https:evil.com')).toMatchObject({ href: 'https://evil.com/' });
  });
});

describe('checkUrl blocks each reason', () => {
  const strict = defineEgressPolicy({
    hosts: ['example.com', '*.example.org'],
    maxLength: 40,
    query: { maxBytes: 8, maxParams: 2 },
    confusableHosts: 'block',
  });
  const cases: readonly [UrlBlockReason, string, EgressPolicy | undefined][] = [
    ['unparseable', 'https://exa mple.com/', undefined],
    ['unparseable', 'https://[::1/', undefined],
    ['relative', '/just/a/path', undefined],
    ['scheme', 'http://example.com/', undefined],
    ['credentials', 'https://user:pass@example.com/', undefined],
    ['too_long', `https://example.com/${'a'.repeat(40)}`, strict],
    ['metadata', 'https://metadata.google.internal/computeMetadata/v1/', undefined],
    ['blocked_name', 'https://localhost/', undefined],
    ['host_not_allowed', 'https://example.net/', strict],
    ['confusable_host', 'https://аррӏе.example.org/', strict],
    ['ip_literal', 'https://1.1.1.1/', undefined],
    ['private_address', 'https://10.0.0.1/', literals],
    ['port', 'https://example.com:8443/', undefined],
    ['query_budget', 'https://example.com/?a=123456789', strict],
  ];
  it.each(cases)('%s: %j', (reason, input, policy) => {
    const decision = checkUrl(input, policy);
    expect(reasonOf(decision)).toBe(reason);
    expect(decision.findings.at(-1)).toEqual({
      code: 'url.blocked',
      pointer: '',
      count: 1,
      action: 'rejected',
      detail: expect.objectContaining({ reason }),
    });
  });

  it('covers every reason in the stable list, and the list is locked', () => {
    expect(new Set(cases.map(([reason]) => reason))).toEqual(new Set(URL_BLOCK_REASONS));
    expect(URL_BLOCK_REASONS).toMatchInlineSnapshot(`
      [
        "unparseable",
        "relative",
        "scheme",
        "credentials",
        "too_long",
        "metadata",
        "blocked_name",
        "host_not_allowed",
        "confusable_host",
        "ip_literal",
        "private_address",
        "port",
        "query_budget",
      ]
    `);
  });

  it('too many query parameters is over budget too', () => {
    expect(reasonOf(checkUrl('https://example.com/?a&b&c', strict))).toBe('query_budget');
    expect(reasonOf(checkUrl('https://example.com/?a&b', strict))).toBe('allowed');
  });

  it('an over-long input is refused before parsing, whatever it would canonicalize to', () => {
    expect(reasonOf(checkUrl(`https://example.com/${'\t'.repeat(50)}`, strict))).toBe('too_long');
  });

  it('a non-string value is unparseable, not an exception', () => {
    expect(reasonOf(checkUrl(42 as unknown as string))).toBe('unparseable');
    expect(reasonOf(checkUrl(null as unknown as string))).toBe('unparseable');
  });

  it('the finding names the address class, never the host', () => {
    const decision = checkUrl('https://[::ffff:192.168.1.1]/', literals);
    expect(decision.findings).toEqual([
      {
        code: 'url.blocked',
        pointer: '',
        count: 1,
        action: 'rejected',
        detail: { reason: 'private_address', addressClass: 'private' },
      },
    ]);
    expect(JSON.stringify(decision)).not.toContain('192.168');
  });
});

describe('checkUrl stops bypass attempts', () => {
  const attempts: readonly [string, UrlBlockReason][] = [
    ['JaVaScRiPt:alert(1)', 'scheme'],
    ['java\tscript:alert(1)', 'scheme'],
    ['java\nscript:alert(1)', 'scheme'],
    ['\u0001\u0002 javascript:alert(1)', 'scheme'],
    ['\u0000javascript:alert(1)', 'scheme'],
    ['%6aavascript:alert(1)', 'relative'],
    ['vbscript:msgbox(1)', 'scheme'],
    ['data:text/html,<script>alert(1)</script>', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['blob:https://example.com/uuid', 'scheme'],
    ['//evil.com/', 'relative'],
    ['\\\\evil.com/', 'relative'],
    ['/\\evil.com/', 'relative'],
    ['https://user:pass@example.com/', 'credentials'],
    ['https://user@example.com/', 'credentials'],
    ['https://example.com@evil.com/', 'credentials'],
    ['http://0x7f.1/', 'private_address'],
    ['http://0177.0.0.1/', 'private_address'],
    ['http://2130706433/', 'private_address'],
    ['http://127.1/', 'private_address'],
    ['http://0/', 'private_address'],
    ['http://①②⑦.0.0.1/', 'private_address'],
    ['http://127.0.0.1./', 'private_address'],
    ['http://[::1]/', 'private_address'],
    ['http://[::]/', 'private_address'],
    ['http://[::ffff:127.0.0.1]/', 'private_address'],
    ['http://[::ffff:7f00:1]/', 'private_address'],
    ['http://[::ffff:0:7f00:1]/', 'private_address'],
    ['http://[::127.0.0.1]/', 'private_address'],
    ['http://[64:ff9b::7f00:1]/', 'private_address'],
    ['http://[64:ff9b:1::a00:1]/', 'private_address'],
    ['http://[2002:7f00:1::]/', 'private_address'],
    ['http://[2002:a9fe:a9fe::1]/', 'metadata'],
    ['http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/', 'private_address'],
    ['http://[fe80::1]/', 'private_address'],
    ['http://[fc00::1]/', 'private_address'],
    ['http://[ff02::1]/', 'private_address'],
    ['http://[2001:db8::1]/', 'private_address'],
    ['http://10.1.2.3/', 'private_address'],
    ['http://172.31.255.255/', 'private_address'],
    ['http://192.168.0.1/', 'private_address'],
    ['http://100.64.0.1/', 'private_address'],
    ['http://169.254.1.1/', 'private_address'],
    ['http://224.0.0.1/', 'private_address'],
    ['http://255.255.255.255/', 'private_address'],
    ['http://192.0.2.1/', 'private_address'],
    ['http://198.18.0.1/', 'private_address'],
    ['http://240.0.0.1/', 'private_address'],
    ['http://169.254.169.254/latest/meta-data', 'metadata'],
    ['http://[::ffff:169.254.169.254]/', 'metadata'],
    ['http://[fd00:ec2::254]/', 'metadata'],
    ['http://100.100.100.200/', 'metadata'],
    ['http://168.63.129.16/', 'metadata'],
    ['http://metadata.google.internal/', 'metadata'],
    ['http://METADATA.google.internal./', 'metadata'],
    ['http://metadata/', 'metadata'],
    ['http://instance-data/', 'metadata'],
    ['http://localhost/', 'blocked_name'],
    ['http://localhost./', 'blocked_name'],
    ['http://LOCALHOST/', 'blocked_name'],
    ['http://foo.localhost/', 'blocked_name'],
    ['http://db.internal/', 'blocked_name'],
    ['http://printer.local/', 'blocked_name'],
    ['http://router.home.arpa/', 'blocked_name'],
    ['http://127.0.0.1.nip.io/', 'blocked_name'],
    ['http://intranet-host/', 'blocked_name'],
    ['http://ｌｏｃａｌｈｏｓｔ/', 'blocked_name'],
    ['http://localhost%2e/', 'blocked_name'],
  ];

  it.each(attempts)('%j → %s', (input, reason) => {
    expect(reasonOf(checkUrl(input, web))).toBe(reason);
  });

  it('IDN homographs are canonicalized to punycode and flagged', () => {
    const lookalike = checkUrl('https://аррӏе.com/');
    expect(lookalike).toEqual({
      allowed: true,
      href: 'https://xn--80ak6aa92e.com/',
      findings: [{ code: 'url.confusable_host', pointer: '', count: 1, action: 'reported' }],
    });
    const mixed = checkUrl('https://pаypal.com/');
    expect(mixed).toMatchObject({
      allowed: true,
      findings: [{ code: 'url.mixed_script_host', action: 'reported' }],
    });
    const blocking = defineEgressPolicy({ confusableHosts: 'block' });
    expect(checkUrl('https://аррӏе.com/', blocking)).toMatchObject({
      allowed: false,
      reason: 'confusable_host',
      findings: [{ code: 'url.confusable_host', action: 'rejected' }, { code: 'url.blocked' }],
    });
  });

  it('legitimate IDNs are not flagged', () => {
    for (const input of [
      'https://münchen.de/',
      'https://例え.jp/',
      'https://пример.рф/',
      'https://ουτοπία.δπθ.gr/',
    ]) {
      expect(checkUrl(input).findings, input).toEqual([]);
    }
  });

  it('a dev policy may reach loopback by literal, and localhost when it unblocks the name', () => {
    const dev = defineEgressPolicy({
      schemes: ['http'],
      ports: [3000],
      ipLiterals: 'allow',
      addressClasses: ['public', 'loopback'],
    });
    expect(reasonOf(checkUrl('http://127.0.0.1:3000/', dev))).toBe('allowed');
    expect(reasonOf(checkUrl('http://[::1]:3000/', dev))).toBe('allowed');
    expect(reasonOf(checkUrl('http://10.0.0.1:3000/', dev))).toBe('private_address');
    expect(reasonOf(checkUrl('http://localhost:3000/', dev))).toBe('blocked_name');
    const named = defineEgressPolicy({
      schemes: ['http'],
      ports: [3000],
      hosts: ['localhost'],
      blockedNames: DEFAULT_BLOCKED_NAMES.filter((name) => name !== 'localhost'),
    });
    expect(reasonOf(checkUrl('http://localhost:3000/', named))).toBe('allowed');
    expect(reasonOf(checkUrl('http://127.0.0.1:3000/', named))).toBe('private_address');
  });
});

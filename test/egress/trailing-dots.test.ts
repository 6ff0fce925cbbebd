// Host names with extra trailing dots (plain, percent-encoded, full-width) meet every blocked-name and address rule.
import { isIP } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ADDRESS_CLASSES } from '../../src/egress/address.js';
import {
  DEFAULT_BLOCKED_NAMES,
  METADATA_ADDRESSES,
  METADATA_HOST_NAMES,
} from '../../src/egress/blocked-names.js';
import { checkUrl, type UrlDecision } from '../../src/egress/check-url.js';
import { refuseConnectTarget } from '../../src/egress/connect-guard.js';
import { DEFAULT_EGRESS_POLICY, defineEgressPolicy } from '../../src/egress/policy.js';
import type { UrlBlockReason } from '../../src/egress/reasons.js';

/** As little as a policy can allow: every scheme, address class, credentials and IP literals. */
const permissive = defineEgressPolicy({
  schemes: ['https', 'http', 'wss', 'ws'],
  ipLiterals: 'allow',
  addressClasses: [...ADDRESS_CLASSES],
  credentials: 'allow',
});
const POLICIES = [
  ['default', DEFAULT_EGRESS_POLICY],
  ['permissive', permissive],
] as const;

function reasonOf(decision: UrlDecision): UrlBlockReason | 'allowed' {
  return decision.allowed ? 'allowed' : decision.reason;
}

describe('hosts with two or more trailing dots', () => {
  const listed: readonly [string, UrlBlockReason][] = [
    ['https://localhost../', 'blocked_name'],
    ['https://metadata.google.internal../', 'metadata'],
    ['https://169.254.169.254../', 'metadata'],
    ['https://instance-data../', 'metadata'],
    ['https://foo.local../', 'blocked_name'],
    ['https://kubernetes.default.svc../', 'blocked_name'],
    ['https://metadata.google.internal%2e%2e/', 'metadata'],
  ];

  for (const [name, policy] of POLICIES) {
    it.each(listed)(`${name} policy: %j is blocked as %s, with the finding`, (input, reason) => {
      const decision = checkUrl(input, policy);
      expect(reasonOf(decision)).toBe(reason);
      expect(decision.findings.at(-1)).toMatchObject({ code: 'url.blocked', detail: { reason } });
    });
  }

  it('reads the address left once the dots are gone, as the parser reads one with a single dot', () => {
    expect(reasonOf(checkUrl('https://0x7f.1../'))).toBe('private_address');
    expect(reasonOf(checkUrl('https://127.0.0.1.../', permissive))).toBe('unparseable');
    expect(reasonOf(checkUrl('https://8.8.8.8../'))).toBe('ip_literal');
    expect(reasonOf(checkUrl('https://2852039166../'))).toBe('metadata');
  });

  it('refuses an empty label once every other rule has passed, and a host of dots only', () => {
    for (const input of ['https://example.com../', 'https://a..example.com/', 'https://.example.com/']) {
      expect(reasonOf(checkUrl(input)), input).toBe('unparseable');
      expect(reasonOf(checkUrl(input, permissive)), input).toBe('unparseable');
    }
    expect(reasonOf(checkUrl('https://../'))).toBe('unparseable');
    expect(reasonOf(checkUrl('https://example.com./'))).toBe('allowed');
    expect(reasonOf(checkUrl('https://kubernetes.default.svc/'))).toBe('blocked_name');
  });

  it('gives the same reason at connect time', () => {
    for (const [input, reason] of listed) {
      const hostname = new URL(input).hostname;
      const error = refuseConnectTarget({ protocol: 'https:', hostname, port: undefined }, permissive);
      expect(error?.code, input).toBe(reason);
    }
  });
});

/** Every name and address that a policy blocks by default or always. */
const BLOCKED_HOSTS: readonly string[] = [
  ...METADATA_HOST_NAMES,
  ...DEFAULT_BLOCKED_NAMES,
  ...METADATA_ADDRESSES.filter((address) => !address.includes(':')),
];

/** One dot as a URL may spell it: itself, percent-encoded, or a full-width or ideographic stop (IDNA maps those). */
const dot = fc.constantFrom('.', '%2e', '%2E', '\u3002', '\uFF0E', '\uFF61');

/** A blocked host (a name maybe with a label below it), maybe in upper case, then one to five dots in any spelling. */
const dotted = fc
  .tuple(
    fc.constantFrom(...BLOCKED_HOSTS),
    fc.constantFrom('', 'x.', 'a-b.'),
    fc.boolean(),
    fc.array(dot, { minLength: 1, maxLength: 5 }),
    fc.constantFrom('/', '/latest/meta-data', ':443/', '?a=1'),
  )
  .map(([name, prefix, upper, dots, rest]) => {
    const host = (isIP(name) === 0 ? prefix : '') + name;
    return { host, input: `https://${upper ? host.toUpperCase() : host}${dots.join('')}${rest}` };
  });

describe('trailing-dot variants of every blocked name', () => {
  for (const [name, policy] of POLICIES) {
    it(`${name} policy: blocked for the same reason as the bare name`, () => {
      fc.assert(
        fc.property(dotted, ({ host, input }) => {
          const bare = checkUrl(`https://${host}/`, policy);
          expect(bare.allowed).toBe(false);
          expect(reasonOf(checkUrl(input, policy))).toBe(reasonOf(bare));
        }),
        { numRuns: 3000 },
      );
    });
  }

  it('covers every blocked name with two or more dots of each spelling', () => {
    for (const host of BLOCKED_HOSTS) {
      for (const spelling of ['..', '%2e%2e', '.%2E.', '\u3002\u3002', '\uFF0E\uFF61.']) {
        const input = `https://${host}${spelling}/`;
        expect(checkUrl(input, permissive).allowed, input).toBe(false);
        expect(reasonOf(checkUrl(input, permissive)), input).toBe(
          reasonOf(checkUrl(`https://${host}/`, permissive)),
        );
      }
    }
  });
});

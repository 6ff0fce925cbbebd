// Properties of checkUrl: it never throws, and an allowed href checked again is allowed with the same href.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkUrl } from '../../src/egress/check-url.js';
import { defineEgressPolicy } from '../../src/egress/policy.js';
import { URL_BLOCK_REASONS } from '../../src/egress/reasons.js';

const open = defineEgressPolicy({
  schemes: ['https', 'http', 'ws', 'wss'],
  ipLiterals: 'allow',
  addressClasses: ['public', 'loopback', 'private'],
  ports: [80, 443, 8080],
  credentials: 'allow',
});

/** Noise glued after a URL or on its own: separators, dot segments, escapes, controls, Unicode. */
const noise = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '/',
        '/..',
        '/.',
        '%2e',
        '%00',
        '^',
        '%',
        '\\',
        '?',
        '#',
        '&',
        '=',
        '@',
        ':',
        '\t',
        '\n',
        ' ',
      ),
      fc.string({ maxLength: 6 }),
      fc.string({ unit: 'binary', maxLength: 3 }),
    ),
    { maxLength: 8 },
  )
  .map((parts) => parts.join(''));

/** URL-shaped strings: a scheme form, credentials, a host in one of many spellings, a port, then noise. */
const urlShaped = fc
  .tuple(
    fc.constantFrom(
      'https://',
      'HTTPS://',
      'http://',
      'https:\\\\',
      'https:',
      ' \u0001https://',
      'ws://',
      'javascript:',
    ),
    fc.constantFrom('', '', 'user@', 'a:b@'),
    fc.constantFrom(
      'example.com',
      'EXAMPLE.com.',
      'sub.example.org',
      'xn--80ak6aa92e.com',
      'аррӏе.com',
      'münchen.de',
      '例え.jp',
      '8.8.8.8',
      '134744072',
      '[2606:4700::1111]',
      '[::ffff:808:808]',
      'localhost',
      '127.1',
      '0x7f.1',
      '[::1]',
      '①②⑦.0.0.1',
    ),
    fc.constantFrom('', '', ':443', ':80', ':8080', ':'),
    noise,
  )
  .map((parts) => parts.join(''));

const urlish = fc.oneof(urlShaped, noise);

describe('checkUrl properties', () => {
  it('never throws and always returns one decision with a known reason', () => {
    fc.assert(
      fc.property(urlish, (input) => {
        const decision = checkUrl(input, open);
        if (!decision.allowed) expect(URL_BLOCK_REASONS).toContain(decision.reason);
        expect(decision.findings.every((finding) => !JSON.stringify(finding).includes('example.com'))).toBe(
          true,
        );
      }),
      { numRuns: 3000 },
    );
  });

  it('is idempotent: an allowed href checked again is allowed with the same href', () => {
    for (const policy of [open, undefined]) {
      let allowed = 0;
      fc.assert(
        fc.property(urlish, (input) => {
          const first = checkUrl(input, policy);
          if (!first.allowed) return;
          allowed++;
          const again = checkUrl(first.href, policy);
          expect(again).toEqual({ allowed: true, href: first.href, findings: first.findings });
        }),
        { numRuns: 3000 },
      );
      // The generator must reach the allowed branch often enough for the property to mean something.
      expect(allowed).toBeGreaterThan(policy === open ? 200 : 15);
    }
  });

  it('is idempotent for well-formed web URLs too', () => {
    let allowed = 0;
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (input) => {
        const first = checkUrl(input, open);
        if (!first.allowed) return;
        allowed++;
        expect(checkUrl(first.href, open)).toMatchObject({ allowed: true, href: first.href });
      }),
      { numRuns: 2000 },
    );
    // The generator must reach the checked branch often enough for the property to mean something.
    expect(allowed).toBeGreaterThan(1500);
  });
});

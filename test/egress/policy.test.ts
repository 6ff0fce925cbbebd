// defineEgressPolicy: safe defaults, frozen results, canonical patterns, and refusal of nonsense at definition.
import { describe, expect, it } from 'vitest';
import { checkUrl } from '../../src/egress/check-url.js';
import { DEFAULT_BLOCKED_NAMES } from '../../src/egress/blocked-names.js';
import { EgressPolicyError } from '../../src/egress/errors.js';
import {
  DEFAULT_EGRESS_POLICY,
  defineEgressPolicy,
  type EgressPolicy,
  type EgressPolicyOptions,
} from '../../src/egress/policy.js';

describe('defineEgressPolicy', () => {
  it('has safe defaults', () => {
    const { blockedNames, ...rest } = DEFAULT_EGRESS_POLICY;
    expect(blockedNames).toEqual(DEFAULT_BLOCKED_NAMES);
    expect(rest).toMatchInlineSnapshot(`
      {
        "addressClasses": [
          "public",
        ],
        "confusableHosts": "report",
        "credentials": "never",
        "hosts": "any",
        "ipLiterals": "block",
        "maxLength": 2048,
        "ports": "default",
        "query": {
          "maxBytes": 1024,
          "maxParams": 32,
        },
        "schemes": [
          "https",
        ],
      }
    `);
  });

  it('freezes the policy and everything in it', () => {
    const policy = defineEgressPolicy({ hosts: ['example.com'], ports: [443, 8443] });
    expect(Object.isFrozen(policy)).toBe(true);
    expect(Object.isFrozen(policy.hosts)).toBe(true);
    expect(Object.isFrozen(policy.ports)).toBe(true);
    expect(Object.isFrozen(policy.query)).toBe(true);
    expect(Object.isFrozen(policy.blockedNames)).toBe(true);
    expect(() => (policy.schemes as string[]).push('http')).toThrow(TypeError);
  });

  it('canonicalizes host patterns: case, Unicode to punycode, duplicates', () => {
    const policy = defineEgressPolicy({ hosts: ['Example.COM', '*.Bücher.de', 'example.com'] });
    expect(policy.hosts).toEqual(['example.com', '*.xn--bcher-kva.de']);
    expect(checkUrl('https://shop.bücher.de/', policy).allowed).toBe(true);
    expect(checkUrl('https://bücher.de/', policy).allowed).toBe(false);
    expect(checkUrl('https://evilbücher.de/', policy).allowed).toBe(false);
  });

  it.each<[string, EgressPolicyOptions]>([
    ['hosts', { hosts: ['https://example.com'] }],
    ['hosts', { hosts: ['example.com/path'] }],
    ['hosts', { hosts: ['example.com:443'] }],
    ['hosts', { hosts: ['user@example.com'] }],
    ['hosts', { hosts: ['example.com.'] }],
    ['hosts', { hosts: ['ex*ample.com'] }],
    ['hosts', { hosts: ['a.*.example.com'] }],
    ['hosts', { hosts: ['*'] }],
    ['hosts', { hosts: ['10.0.0.1'] }],
    ['hosts', { hosts: ['[::1]'] }],
    ['hosts', { hosts: [] }],
    ['hosts', { hosts: ['db.internal'] }],
    ['hosts', { hosts: ['*.svc.cluster.local'] }],
    ['hosts', { hosts: ['metadata.google.internal'], blockedNames: [] }],
    ['schemes', { schemes: ['javascript' as 'https'] }],
    ['schemes', { schemes: ['HTTPS' as 'https'] }],
    ['schemes', { schemes: [] }],
    ['ports', { ports: [0] }],
    ['ports', { ports: [65_536] }],
    ['ports', { ports: [80.5] }],
    ['credentials', { credentials: 'sometimes' as 'never' }],
    ['ipLiterals', { ipLiterals: 'public' as 'allow' }],
    ['addressClasses', { addressClasses: ['intranet' as 'private'] }],
    ['maxLength', { maxLength: 0 }],
    ['maxLength', { maxLength: Number.POSITIVE_INFINITY }],
    ['query.maxBytes', { query: { maxBytes: -1 } }],
    ['query.limit', { query: { limit: 3 } } as EgressPolicyOptions],
    ['blockedNames', { blockedNames: ['http://localhost'] }],
    ['confusableHosts', { confusableHosts: 'ignore' as 'report' }],
    ['allowAll', { allowAll: true } as EgressPolicyOptions],
  ])('refuses a bad %s at definition', (field, options) => {
    let thrown: unknown;
    try {
      defineEgressPolicy(options);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(EgressPolicyError);
    expect(thrown).toBeInstanceOf(TypeError);
    expect(thrown).toMatchObject({ code: 'egress.invalid_policy', field });
  });

  it('an empty blocked-name list is allowed; metadata names stay blocked', () => {
    const open = defineEgressPolicy({ blockedNames: [] });
    expect(checkUrl('https://db.internal/', open).allowed).toBe(true);
    expect(checkUrl('https://metadata.google.internal/', open)).toMatchObject({ reason: 'metadata' });
  });

  it('refuses a look-alike object that did not come from defineEgressPolicy', () => {
    const forged = { ...DEFAULT_EGRESS_POLICY, addressClasses: ['loopback'] } as EgressPolicy;
    expect(() => checkUrl('https://example.com/', forged)).toThrow(TypeError);
  });
});

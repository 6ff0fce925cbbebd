// The url purpose: canonical hrefs out, blocked URLs refused with a reason, policy options checked per field.
import { describe, expect, it } from 'vitest';
import { defineEgressPolicy } from '../../src/egress/policy.js';
import { sanitizeUrl, urlPurpose } from '../../src/purposes/url/url-purpose.js';
import { ContractError } from '../../src/vocabulary/contract-error.js';
import type { PurposeSite } from '../../src/purposes/purpose.js';

function site(options: Record<string, unknown>, defaults?: Record<string, unknown>): PurposeSite {
  return { node: { type: 'string', maxLength: 2048 }, options, defaults, location: '/properties/link' };
}

describe('sanitizeUrl', () => {
  it('passes a canonical URL through unchanged with no findings', () => {
    expect(sanitizeUrl('https://example.com/a?b=1')).toEqual({
      ok: true,
      value: 'https://example.com/a?b=1',
      findings: [],
    });
  });

  it('returns the canonical href and says it changed the value', () => {
    expect(sanitizeUrl('HTTPS://Example.COM:443/x/../y')).toEqual({
      ok: true,
      value: 'https://example.com/y',
      findings: [{ code: 'url.canonicalized', pointer: '', count: 1, action: 'cleaned' }],
    });
  });

  it('keeps homograph findings beside the canonical href', () => {
    const result = sanitizeUrl('https://аррӏе.com/');
    expect(result).toMatchObject({ ok: true, value: 'https://xn--80ak6aa92e.com/' });
    expect(result.findings.map((finding) => finding.code)).toEqual([
      'url.confusable_host',
      'url.canonicalized',
    ]);
  });

  it.each([
    ['javascript:alert(document.cookie)', 'scheme'],
    ['https://169.254.169.254/latest/meta-data/', 'metadata'],
    ['https://user:secret@example.com/', 'credentials'],
    ['https://internal.corp/', 'blocked_name'],
  ])('refuses %j as url.blocked with reason %s and no URL text', (value, reason) => {
    const result = sanitizeUrl(value);
    expect(result).toEqual({
      ok: false,
      findings: [
        expect.objectContaining({
          code: 'url.blocked',
          action: 'rejected',
          detail: expect.objectContaining({ reason }),
        }),
      ],
    });
    expect(JSON.stringify(result)).not.toMatch(/secret|169\.254|cookie|corp/);
  });

  it('applies the given policy', () => {
    const images = defineEgressPolicy({ hosts: ['*.images.example'], query: { maxBytes: 0 } });
    expect(sanitizeUrl('https://cdn.images.example/a.png', images).ok).toBe(true);
    expect(sanitizeUrl('https://cdn.images.example/a.png?q=SECRET', images)).toMatchObject({
      ok: false,
      findings: [{ detail: { reason: 'query_budget' } }],
    });
    expect(sanitizeUrl('https://evil.example/a.png', images)).toMatchObject({
      findings: [{ detail: { reason: 'host_not_allowed' } }],
    });
  });
});

describe('urlPurpose', () => {
  it('defines one policy per field from the schema options over the contract defaults', () => {
    const policy = urlPurpose.configure(
      site({ hosts: ['docs.example.com'] }, { schemes: ['https', 'http'] }),
    );
    expect(policy.hosts).toEqual(['docs.example.com']);
    expect(policy.schemes).toEqual(['https', 'http']);
    expect(urlPurpose.sanitize('http://docs.example.com/', policy)).toMatchObject({ ok: true });
    expect(urlPurpose.sanitize('https://other.example.com/', policy)).toMatchObject({ ok: false });
  });

  it('merges the query budget field by field', () => {
    const policy = urlPurpose.configure(site({ query: { maxParams: 1 } }, { query: { maxBytes: 10 } }));
    expect(policy.query).toEqual({ maxBytes: 10, maxParams: 1 });
  });

  it('uses the default policy when nothing is configured', () => {
    const policy = urlPurpose.configure(site({}));
    expect(policy.schemes).toEqual(['https']);
    expect(urlPurpose.sanitize('http://example.com/', policy)).toMatchObject({ ok: false });
  });

  it('turns a policy mistake into a ContractError naming the field location', () => {
    expect(() => urlPurpose.configure(site({ hosts: ['https://example.com/path'] }))).toThrow(ContractError);
    expect(() => urlPurpose.configure(site({ hosts: ['example.com'], allowEverything: true }))).toThrow(
      /allowEverything.*\/properties\/link/,
    );
  });
});

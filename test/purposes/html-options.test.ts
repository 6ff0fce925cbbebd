// html options: link and image policies and the budget from a contract or a caller, and mistakes refused early.
import { describe, expect, it } from 'vitest';
import { DEFAULT_EGRESS_POLICY, defineEgressPolicy } from '../../src/egress/policy.js';
import { SANITIZER_EXPANSION_BUDGET } from '../../src/vocabulary/limits.js';
import { htmlPurpose, sanitizeHtml } from '../../src/purposes/html/sanitize-html.js';
import { HTML_DEFAULTS, resolveHtmlOptions, type HtmlOptions } from '../../src/purposes/html/options.js';
import type { PurposeSite } from '../../src/purposes/purpose.js';
import { ContractError } from '../../src/vocabulary/contract-error.js';

function site(options: Record<string, unknown>, defaults?: Record<string, unknown>): PurposeSite {
  return { node: { type: 'string', maxLength: 4096 }, options, defaults, location: '/properties/body' };
}

describe('html options from a contract', () => {
  it('uses the safe defaults when the field says nothing', () => {
    expect(htmlPurpose.configure(site({}))).toEqual({
      links: DEFAULT_EGRESS_POLICY,
      images: undefined,
      expansionBudget: SANITIZER_EXPANSION_BUDGET,
    });
  });

  it('builds the link policy from egress fields over the contract defaults', () => {
    const options = htmlPurpose.configure(
      site({ hosts: ['docs.example.com'] }, { query: { maxParams: 2 }, expansionBudget: 2 }),
    );
    expect(options.links.hosts).toEqual(['docs.example.com']);
    expect(options.links.query).toEqual({ maxBytes: 1024, maxParams: 2 });
    expect(options.images).toBeUndefined();
    expect(options.expansionBudget).toBe(2);
  });

  it('lets images follow the link policy, or a policy of their own written over it', () => {
    const same = htmlPurpose.configure(site({ hosts: ['docs.example.com'], images: 'allow' }));
    expect(same.images).toBe(same.links);
    const own = htmlPurpose.configure(
      site({ schemes: ['https', 'http'], images: { hosts: ['*.img.example.com'] } }),
    );
    expect(own.images?.hosts).toEqual(['*.img.example.com']);
    expect(own.images?.schemes).toEqual(['https', 'http']);
    expect(own.links.hosts).toBe('any');
  });

  it.each([
    ['images from any host', { images: 'allow' }],
    ['an image policy without a host list', { hosts: ['a.example.com'], images: { hosts: 'any' } }],
    ['images neither none, allow nor an object', { images: true }],
    ['an unknown egress field', { hostz: ['a.example.com'] }],
    ['a bad image policy field', { images: { hosts: ['a.example.com'], ports: [0] } }],
    ['a budget under 1', { expansionBudget: 0.5 }],
  ])('refuses %s as a ContractError', (_title, options) => {
    expect(() => htmlPurpose.configure(site(options))).toThrow(ContractError);
    try {
      htmlPurpose.configure(site(options));
    } catch (error) {
      expect(error).toMatchObject({ code: 'contract.invalid_purpose', location: '/properties/body' });
    }
  });
});

describe('html options from a caller', () => {
  it('applies defaults and remembers the resolved options per object', () => {
    expect(resolveHtmlOptions(undefined)).toBe(HTML_DEFAULTS);
    const options: HtmlOptions = { expansionBudget: 3 };
    expect(resolveHtmlOptions(options)).toBe(resolveHtmlOptions(options));
    expect(resolveHtmlOptions(options)).toEqual({ ...HTML_DEFAULTS, expansionBudget: 3 });
  });

  it.each([
    ['an unknown option', { polcy: DEFAULT_EGRESS_POLICY }],
    ['a policy not made by defineEgressPolicy', { policy: { ...DEFAULT_EGRESS_POLICY } }],
    ['images allowed under a policy for any host', { images: 'allow' }],
    ['an image policy for any host', { images: defineEgressPolicy({ schemes: ['https'] }) }],
    ['a budget that is not a number', { expansionBudget: Number.NaN }],
  ])('throws a TypeError at once for %s', (_title, options) => {
    expect(() => resolveHtmlOptions(options as HtmlOptions)).toThrow(TypeError);
    expect(() => sanitizeHtml('<p>x</p>', options as HtmlOptions)).toThrow(TypeError);
  });
});

describe('the html purpose as the sanitize stage calls it', () => {
  it('answers a value without markup synchronously, and one with markup asynchronously', async () => {
    const plain = htmlPurpose.sanitize('no markup here', HTML_DEFAULTS);
    expect(plain).toEqual({ ok: true, value: 'no markup here', findings: [] });
    const rich = htmlPurpose.sanitize('<p onclick="x()">y</p>', HTML_DEFAULTS);
    expect(rich).toBeInstanceOf(Promise);
    expect(await rich).toEqual({
      ok: true,
      value: '<p>y</p>',
      findings: [{ code: 'html.attribute_removed', pointer: '', count: 1, action: 'cleaned' }],
    });
  });
});

// The `url` purpose: a field that holds a link, allowed only as the canonical href the egress policy accepts.
import { checkUrl } from '../../egress/check-url.js';
import { EgressPolicyError } from '../../egress/errors.js';
import {
  DEFAULT_EGRESS_POLICY,
  defineEgressPolicy,
  type EgressPolicy,
  type EgressPolicyOptions,
} from '../../egress/policy.js';
import { ContractError } from '../../vocabulary/contract-error.js';
import type { Finding } from '../../vocabulary/finding.js';
import type { Purpose, PurposeSite } from '../purpose.js';

/** A sanitized URL field: its canonical href, or a refusal with a `url.blocked` finding carrying the reason. */
export type UrlSanitizeResult =
  | { readonly ok: true; readonly value: string; readonly findings: readonly Finding[] }
  | { readonly ok: false; readonly findings: readonly Finding[] };

/**
 * Sanitizes one URL value under an egress policy. An allowed value becomes its canonical href (a
 * `url.canonicalized` finding, action `cleaned`, says it changed); a blocked one is refused with a
 * `url.blocked` finding (action `rejected`, detail `{ reason }`). Never throws on any value.
 */
export function sanitizeUrl(value: string, policy: EgressPolicy = DEFAULT_EGRESS_POLICY): UrlSanitizeResult {
  const decision = checkUrl(value, policy);
  if (!decision.allowed) return { ok: false, findings: decision.findings };
  if (decision.href === value) return { ok: true, value, findings: decision.findings };
  const canonicalized: Finding = { code: 'url.canonicalized', pointer: '', count: 1, action: 'cleaned' };
  return { ok: true, value: decision.href, findings: [...decision.findings, canonicalized] };
}

/**
 * The `url` purpose for contracts. Its options are egress policy fields, written in the schema
 * (`"x-purpose": { "kind": "url", "hosts": ["*.example.com"] }`) over the contract's `url` defaults; the
 * policy is defined once per field, and a policy mistake is a `ContractError` at definition time.
 */
export const urlPurpose: Purpose<EgressPolicy> = Object.freeze({
  kind: 'url',
  configure(site: PurposeSite): EgressPolicy {
    const defaults = (site.defaults ?? {}) as EgressPolicyOptions;
    const own = site.options as EgressPolicyOptions;
    if (site.defaults === undefined && Object.keys(own).length === 0) return DEFAULT_EGRESS_POLICY;
    const query = { ...defaults.query, ...own.query };
    try {
      return defineEgressPolicy({ ...defaults, ...own, ...(Object.keys(query).length > 0 ? { query } : {}) });
    } catch (error) {
      if (error instanceof EgressPolicyError) {
        throw new ContractError('contract.invalid_purpose', site.location, error.message);
      }
      throw error;
    }
  },
  sanitize: (value: string, policy: EgressPolicy) => sanitizeUrl(value, policy),
});

// checkUrl: the pure egress decision for one URL — allowed with its canonical href, or blocked with a reason.
import type { Finding } from '../vocabulary/finding.js';
import type { AddressClass } from './address.js';
import { canonicalizeUrl } from './canonical.js';
import { checkHostRemembered, isPortAllowed } from './host-check.js';
import {
  assertEgressPolicy,
  DEFAULT_EGRESS_POLICY,
  type EgressPolicy,
  type EgressScheme,
  type QueryBudget,
} from './policy.js';
import type { UrlBlockReason } from './reasons.js';
import { partsOf, simpleUrl, type UrlParts } from './simple-url.js';

/** The decision for one URL. Findings never hold URL text: codes, counts and reason codes only. */
export type UrlDecision =
  | { readonly allowed: true; readonly href: string; readonly findings: readonly Finding[] }
  | { readonly allowed: false; readonly reason: UrlBlockReason; readonly findings: readonly Finding[] };

/** Options of {@link checkUrl}. */
export interface CheckUrlOptions {
  /** A trusted absolute URL that relative inputs resolve against (for example the page a link came from). */
  readonly base?: string;
  /**
   * The URL becomes a link or an image that a person can open (the markdown and html sinks, links in the
   * html purpose), not a request the application makes. Under a policy whose `hosts` is `'any'`, such a URL
   * may carry no query and no fragment: a click would send them to a host that nobody chose. It is blocked
   * with `query_budget`; with a host allowlist the policy's query budget applies as for any URL. Default
   * `false`.
   */
  readonly link?: boolean;
}

/**
 * Decides whether a URL may be used under a policy. The input is canonicalized by the WHATWG parser first (its
 * own case folding, whitespace, tab, newline and control handling, IPv4 normalization such as `0x7f.1` →
 * `127.0.0.1`, IDNA to punycode), and every rule runs on that canonical form: length, scheme, credentials,
 * host (metadata, blocked names, address classes, IP literals, allowlist, homographs), port, query budget
 * (for a `link` under `hosts: 'any'`: no query and no fragment at all). A blocked decision carries a
 * `url.blocked` finding with the reason. Pure; never throws on any input. An input already in the simplest
 * canonical form (see simple-url.ts) is read without the parser, which would return it unchanged.
 */
export function checkUrl(
  input: string,
  policy: EgressPolicy = DEFAULT_EGRESS_POLICY,
  options: CheckUrlOptions = {},
): UrlDecision {
  assertEgressPolicy(policy);
  if (typeof (input as unknown) !== 'string') return block('unparseable');
  if (input.length > policy.maxLength) return block('too_long');
  let parts = options.base === undefined ? simpleUrl(input) : undefined;
  if (parts === undefined) {
    const canonical = canonicalizeUrl(input, options.base);
    if (!canonical.ok) return block(canonical.code);
    parts = partsOf(canonical.url, canonical.href);
  }
  const { href, scheme } = parts;
  if (!isAllowedScheme(scheme, policy)) return block('scheme');
  if (parts.hasCredentials && policy.credentials === 'never') return block('credentials');
  if (href.length > policy.maxLength) return block('too_long');
  const host = checkHostRemembered(parts.hostname, policy);
  if (!host.ok) return block(host.reason, host.findings, host.addressClass);
  if (!isPortAllowed(scheme, parts.port, policy)) return block('port', host.findings);
  if (!isWithinQueryBudget(parts, policy, options.link === true)) return block('query_budget', host.findings);
  return { allowed: true, href, findings: host.findings };
}

/** Whether a URL's scheme (without the colon) is one the policy allows. */
export function isAllowedScheme(scheme: string, policy: EgressPolicy): scheme is EgressScheme {
  return (policy.schemes as readonly string[]).includes(scheme);
}

/**
 * Whether a URL's query fits the policy's budget. A link to a host that no allowlist names has a budget of
 * nothing, fragment included: the one place this rule is written, for every sink and the html purpose.
 */
function isWithinQueryBudget(url: UrlParts, policy: EgressPolicy, link: boolean): boolean {
  if (link && policy.hosts === 'any') return url.search === '' && url.hash === '';
  return isWithinBudget(url.search, policy.query);
}

function isWithinBudget(search: string, budget: QueryBudget): boolean {
  const query = search.slice(1);
  if (query.length > budget.maxBytes) return false;
  if (query === '') return budget.maxParams >= 0;
  return query.split('&').filter((parameter) => parameter !== '').length <= budget.maxParams;
}

function block(
  reason: UrlBlockReason,
  findings: readonly Finding[] = [],
  addressClass?: AddressClass,
): UrlDecision {
  const detail = addressClass === undefined ? { reason } : { reason, addressClass };
  const finding: Finding = { code: 'url.blocked', pointer: '', count: 1, action: 'rejected', detail };
  return { allowed: false, reason, findings: [...findings, finding] };
}

// The demo page's Content-Security-Policy: same-origin script, Trusted Types enforced, images only from policy hosts.
import type { EgressPolicy } from '../egress/policy.js';
import { TRUSTED_TYPES_POLICY_NAME } from '../../sinks/shared/trusted-markup.js';

/** The Trusted Types policies the page may create: the sinks' own, and no other. */
export const DEMO_TRUSTED_TYPES: readonly string[] = Object.freeze([TRUSTED_TYPES_POLICY_NAME]);

/**
 * The image sources the egress policies name: each allowed host (or `*.domain` pattern) under each allowed
 * web scheme, with each allowed port when a policy lists ports. A policy with `hosts: 'any'` names none, so
 * under it no image may load at all (the html sink shows none, and Markdown images become links).
 */
export function imageSources(policies: readonly EgressPolicy[]): string[] {
  const sources = new Set<string>();
  for (const policy of policies) {
    if (policy.hosts === 'any') continue;
    const schemes = policy.schemes.filter((scheme) => scheme === 'https' || scheme === 'http');
    const ports = policy.ports === 'default' ? [''] : policy.ports.map((port) => `:${String(port)}`);
    for (const scheme of schemes)
      for (const host of policy.hosts) for (const port of ports) sources.add(`${scheme}://${host}${port}`);
  }
  return [...sources].sort();
}

/**
 * The policy the demo serves its page with. Nothing is allowed by default; script only from the page's origin
 * (no inline script, no eval), style only from the origin (no inline style), images only from the egress
 * policies' hosts, fetches only to the origin, no framing by anyone, no `<base>`, no form posts, and Trusted
 * Types required for every DOM sink, with the sinks' `agent-airlock` policy the only one allowed.
 */
export function demoCsp(policies: readonly EgressPolicy[]): string {
  const images = imageSources(policies);
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src ${images.length === 0 ? "'none'" : images.join(' ')}`,
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "require-trusted-types-for 'script'",
    `trusted-types ${DEMO_TRUSTED_TYPES.join(' ')}`,
  ].join('; ');
}

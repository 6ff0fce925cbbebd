// The per-render egress check of link and image URLs: one decision per distinct URL, blocked ones counted.
import { checkUrl } from '../../src/egress/check-url.js';
import type { EgressPolicy } from '../../src/egress/policy.js';
import type { UrlBlockReason } from '../../src/egress/reasons.js';
import type { Finding } from '../../src/vocabulary/finding.js';

/** Checks the URLs of one render and reports, by reason, how many distinct URLs it blocked. */
export interface LinkGuard {
  /** Whether a URL (as it will be written into `href` or `src`) may be emitted. */
  allows(url: string): boolean;
  /** One `markdown.url_blocked` finding per reason, counting distinct URLs. Never holds URL text. */
  findings(): Finding[];
}

/**
 * A fresh guard for one render. The parser may ask about the same destination several times (link labels are
 * scanned more than once), so decisions are cached per URL and each blocked URL is counted once.
 */
export function createLinkGuard(policy: EgressPolicy): LinkGuard {
  const decisions = new Map<string, UrlBlockReason | undefined>();
  return {
    allows(url) {
      if (!decisions.has(url)) {
        const decision = checkUrl(url, policy, { link: true });
        decisions.set(url, decision.allowed ? undefined : decision.reason);
      }
      return decisions.get(url) === undefined;
    },
    findings() {
      const counts = new Map<UrlBlockReason, number>();
      for (const reason of decisions.values()) {
        if (reason !== undefined) counts.set(reason, (counts.get(reason) ?? 0) + 1);
      }
      return [...counts].map(([reason, count]) => ({
        code: 'markdown.url_blocked',
        pointer: '',
        count,
        action: 'cleaned' as const,
        detail: { reason },
      }));
    },
  };
}

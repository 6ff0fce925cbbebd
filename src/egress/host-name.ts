// Host names and host patterns: the canonical form used for matching, pattern syntax, and matching rules.
import { domainToASCII } from './domain-name.js';

/** A canonical ASCII domain name: dot-separated labels of letters, digits, `-` and `_`, at most 253 bytes. */
const DOMAIN_NAME =
  /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

const WILDCARD_PREFIX = '*.';

const DOT = 0x2e;

/**
 * The form a host is matched in: IPv6 brackets removed and every trailing dot dropped, since `localhost.`
 * and `localhost` name the same host and `localhost..` must not slip past the rules for it. Expects a host
 * already canonicalized by the WHATWG parser (lower case, punycode). With two or more trailing dots the
 * parser saw empty labels and did not read the name as an IPv4 address, so what is left is canonicalized
 * again: `0x7f.1..` is matched as `127.0.0.1`.
 */
export function matchableHost(hostname: string): string {
  if (hostname.startsWith('[') && hostname.endsWith(']')) return hostname.slice(1, -1);
  let end = hostname.length;
  while (end > 0 && hostname.charCodeAt(end - 1) === DOT) end--;
  const name = hostname.slice(0, end);
  if (hostname.length - end <= 1 || name === '') return name;
  const canonical = domainToASCII(name);
  return canonical === '' ? name : canonical;
}

/**
 * Whether a host as the WHATWG parser serializes it has an empty label other than the one a single trailing
 * dot makes (`a..b`, `.a`, `a..`): no DNS name has one, so such a host is refused once the rules have run.
 */
export function hasEmptyLabel(hostname: string): boolean {
  if (hostname.startsWith('[')) return false;
  return hostname.startsWith('.') || hostname.includes('..');
}

/**
 * The canonical form of a configured name or pattern (`example.com`, `*.example.com`, Unicode allowed and
 * converted to punycode), or `undefined` when it is not one: a scheme, path, port, credentials, an IP
 * address, a trailing dot or a wildcard anywhere but the first label all make it invalid.
 */
export function canonicalHostPattern(pattern: string, allowWildcard: boolean): string | undefined {
  const wildcard = allowWildcard && pattern.startsWith(WILDCARD_PREFIX);
  const name = wildcard ? pattern.slice(WILDCARD_PREFIX.length) : pattern;
  if (/[^\p{L}\p{M}\p{N}._-]/u.test(name)) return undefined;
  const ascii = domainToASCII(name);
  if (!DOMAIN_NAME.test(ascii) || /^[0-9.]+$/.test(ascii)) return undefined;
  return wildcard ? WILDCARD_PREFIX + ascii : ascii;
}

/** Whether a matchable host fits a canonical pattern: exact, or `*.d` for any name strictly below `d`. */
export function matchesHostPattern(host: string, pattern: string): boolean {
  if (pattern.startsWith(WILDCARD_PREFIX)) return host.endsWith(pattern.slice(1));
  return host === pattern;
}

/** Whether a matchable host is a domain or any name below it. */
export function isWithinDomain(host: string, domain: string): boolean {
  return host === domain || host.endsWith('.' + domain);
}

/** Whether a matchable host is a single label (no dot): resolved through search domains, never public. */
export function isSingleLabel(host: string): boolean {
  return !host.includes('.');
}

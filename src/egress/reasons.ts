// The stable reason codes for a blocked URL or connection.

/**
 * Why a URL or a connection was blocked. Small, finite and stable; locked by a test.
 * - `unparseable`: the WHATWG parser refused it, or Airlock refused a form where parsers disagree or a host
 *   with an empty label (`example.com..`) that no resolver looks up as written.
 * - `relative`: no scheme and no base (also protocol-relative `//host` and backslash `\\host` forms).
 * - `scheme`: a scheme the policy does not allow (`javascript:`, `data:`, `file:`, …).
 * - `credentials`: user name or password in the URL.
 * - `too_long`: longer than the policy's `maxLength`.
 * - `metadata`: a cloud metadata name or address; no policy can allow it.
 * - `blocked_name`: a local or special-use name (`localhost`, `*.internal`, a single label, …).
 * - `host_not_allowed`: not on the policy's host allowlist.
 * - `confusable_host`: a mixed-script or look-alike IDN host, when the policy blocks them.
 * - `ip_literal`: an IP address written as the host, when the policy blocks them.
 * - `private_address`: an address whose class the policy does not allow (loopback, private, link-local, …).
 * - `port`: a port the policy does not allow.
 * - `query_budget`: a query over the policy's byte or parameter budget; for a link or image shown to a person
 *   under `hosts: 'any'`, any query or fragment at all.
 */
export const URL_BLOCK_REASONS = [
  'unparseable',
  'relative',
  'scheme',
  'credentials',
  'too_long',
  'metadata',
  'blocked_name',
  'host_not_allowed',
  'confusable_host',
  'ip_literal',
  'private_address',
  'port',
  'query_budget',
] as const;

/** Why a URL or a connection was blocked. */
export type UrlBlockReason = (typeof URL_BLOCK_REASONS)[number];

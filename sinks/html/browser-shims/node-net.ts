// Browser stand-in for the one `node:net` function the egress checks use: `isIP`, through ipaddr.js.
import ipaddr from 'ipaddr.js';

/**
 * Node's `net.isIP`: 4 for a dotted-decimal IPv4 address (four decimal parts, no leading zeros), 6 for an
 * IPv6 address (a zone index allowed), 0 otherwise. Only the browser bundle uses it, in place of `node:net`.
 */
export function isIP(input: string): 0 | 4 | 6 {
  if (ipaddr.IPv4.isValidFourPartDecimal(input)) return 4;
  if (input.includes(':') && ipaddr.IPv6.isValid(input)) return 6;
  return 0;
}

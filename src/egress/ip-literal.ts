// Tells IP literals apart (IPv4 dotted-decimal, IPv6) through ipaddr.js, the same in Node and browsers.
import ipaddr from 'ipaddr.js';

/**
 * Like Node's `net.isIP`: 4 for a dotted-decimal IPv4 address (four decimal parts, no leading zeros), 6 for an
 * IPv6 address (a zone index allowed), 0 otherwise.
 */
export function isIP(input: string): 0 | 4 | 6 {
  if (ipaddr.IPv4.isValidFourPartDecimal(input)) return 4;
  if (input.includes(':') && ipaddr.IPv6.isValid(input)) return 6;
  return 0;
}

// Tells IP literals apart (IPv4 dotted-decimal, IPv6) through ipaddr.js, the same in Node and browsers.
import ipaddr from 'ipaddr.js';

const FOUR_PART_SHAPE = /^[0-9]{1,3}(?:\.[0-9]{1,3}){3}$/;
const IPV6_SHAPE = /^[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*(?:%.*)?$/;

/**
 * Like Node's `net.isIP`: 4 for a dotted-decimal IPv4 address (four decimal parts, no leading zeros), 6 for an
 * IPv6 address (a zone index allowed), 0 otherwise.
 */
export function isIP(input: string): 0 | 4 | 6 {
  // Cheap shape checks first: ipaddr.js answers a non-address by throwing and catching, which is slow.
  if (FOUR_PART_SHAPE.test(input)) return ipaddr.IPv4.isValidFourPartDecimal(input) ? 4 : 0;
  if (IPV6_SHAPE.test(input)) return ipaddr.IPv6.isValid(input) ? 6 : 0;
  return 0;
}

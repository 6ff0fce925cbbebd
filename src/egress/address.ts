// Classifies an IP address with ipaddr.js, seeing through the IPv6 forms that carry an IPv4 address inside.
import { isIP } from './ip-literal.js';
import ipaddr from 'ipaddr.js';
import { METADATA_ADDRESSES } from './blocked-names.js';

/**
 * The address classes a policy can allow. `public` is globally routable unicast; every special-purpose range
 * that ipaddr.js knows (documentation, benchmarking, AS112, AMT, ORCHID, discard, 240/4, …) is `reserved`;
 * `tunnel` is Teredo. Only `public` is allowed by default.
 */
export const ADDRESS_CLASSES = [
  'public',
  'private',
  'loopback',
  'linkLocal',
  'carrierGradeNat',
  'uniqueLocal',
  'multicast',
  'unspecified',
  'broadcast',
  'reserved',
  'tunnel',
] as const;

/** One address class. */
export type AddressClass = (typeof ADDRESS_CLASSES)[number];

/** An IPv6 form that embeds an IPv4 address; such an address is classified by the IPv4 address inside. */
export type EmbeddedForm = 'ipv4Mapped' | 'ipv4Translated' | 'ipv4Compatible' | 'nat64' | '6to4';

/** What an IP address is. */
export interface AddressInfo {
  /** IPv4 or IPv6, as written. */
  readonly family: 4 | 6;
  /** The class a policy allows or not. */
  readonly addressClass: AddressClass;
  /** A cloud metadata or platform address: no policy may reach it. */
  readonly metadata: boolean;
  /** Set when the class was taken from an IPv4 address embedded in an IPv6 one. */
  readonly embedded?: EmbeddedForm;
}

/** ipaddr.js range names → address classes. A name not listed (a newer ipaddr.js) is `reserved`. */
const RANGE_CLASS: Readonly<Record<string, AddressClass>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, AddressClass>, {
    unicast: 'public',
    private: 'private',
    deprecatedSiteLocal: 'private',
    loopback: 'loopback',
    linkLocal: 'linkLocal',
    carrierGradeNat: 'carrierGradeNat',
    uniqueLocal: 'uniqueLocal',
    multicast: 'multicast',
    unspecified: 'unspecified',
    broadcast: 'broadcast',
    teredo: 'tunnel',
  }),
);

/** IANA's global unicast block: an IPv6 address ipaddr.js calls `unicast` outside it is unassigned. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');
/** The well-known NAT64 prefix (RFC 6052): the IPv4 address is the last 32 bits. */
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

/** The characters Node accepts in an IPv6 zone id. */
const ZONE_ID = /^[0-9A-Za-z.:-]+$/;

const METADATA = new Set(METADATA_ADDRESSES.map((text) => normalized(ipaddr.parse(text))));

/**
 * Classifies an IP address written in standard notation (dotted-quad IPv4 or IPv6 without brackets, with or
 * without a zone id), or returns `undefined` when the text is not one. Never throws.
 */
export function classifyAddress(text: string): AddressInfo | undefined {
  // A zone id (`%eth0`, IPv6 only) names an interface, not a different address: classify what precedes it.
  const zone = text.indexOf('%');
  const bare = zone === -1 ? text : text.slice(0, zone);
  const version = isIP(bare);
  if (version === 0 || (zone !== -1 && (version !== 6 || !ZONE_ID.test(text.slice(zone + 1)))))
    return undefined;
  const address = ipaddr.parse(bare);
  if (address.kind() === 'ipv4') return classifyV4(address as ipaddr.IPv4);
  const v6 = address as ipaddr.IPv6;
  const inner = embeddedIpv4(v6);
  if (inner !== undefined) {
    const v4 = classifyV4(inner.address);
    return { family: 6, addressClass: v4.addressClass, metadata: v4.metadata, embedded: inner.form };
  }
  return { family: 6, addressClass: classifyV6(v6), metadata: METADATA.has(normalized(v6)) };
}

function classifyV4(address: ipaddr.IPv4): AddressInfo {
  return {
    family: 4,
    addressClass: RANGE_CLASS[address.range()] ?? 'reserved',
    metadata: METADATA.has(normalized(address)),
  };
}

function classifyV6(address: ipaddr.IPv6): AddressClass {
  const addressClass = RANGE_CLASS[address.range()] ?? 'reserved';
  if (addressClass === 'public' && !address.match(GLOBAL_UNICAST_V6)) return 'reserved';
  return addressClass;
}

/**
 * The IPv4 address an IPv6 address stands for: IPv4-mapped (::ffff:0:0/96), IPv4-translated (::ffff:0:0:0/96),
 * well-known NAT64 (64:ff9b::/96), 6to4 (2002::/16, bits 16–47) and the deprecated IPv4-compatible form
 * (::/96). The local-use NAT64 prefix 64:ff9b:1::/48 embeds at an operator-chosen position, so it is left
 * `reserved` rather than guessed.
 */
function embeddedIpv4(address: ipaddr.IPv6): { form: EmbeddedForm; address: ipaddr.IPv4 } | undefined {
  const parts = address.parts;
  const low = (): ipaddr.IPv4 => fromHextets(parts[6] ?? 0, parts[7] ?? 0);
  const range: string = address.range();
  if (range === 'ipv4Mapped') return { form: 'ipv4Mapped', address: low() };
  if (range === 'rfc6145') return { form: 'ipv4Translated', address: low() };
  if (range === 'rfc6052' && address.match(NAT64_WELL_KNOWN)) return { form: 'nat64', address: low() };
  if (range === '6to4') return { form: '6to4', address: fromHextets(parts[1] ?? 0, parts[2] ?? 0) };
  if (range === 'unicast' && parts.slice(0, 6).every((part) => part === 0)) {
    return { form: 'ipv4Compatible', address: low() };
  }
  return undefined;
}

function fromHextets(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

function normalized(address: ipaddr.IPv4 | ipaddr.IPv6): string {
  return address.toNormalizedString();
}

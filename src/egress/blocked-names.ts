// Frozen data: host names, domains and addresses that egress never reaches by default or at all.

/**
 * Cloud metadata host names. Blocked by every policy, whatever its allowlist: these names answer with
 * instance credentials. (Most also sit under a blocked domain; they are listed so the reason is exact.)
 */
export const METADATA_HOST_NAMES: readonly string[] = Object.freeze([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
  'metadata.tencentyun.com',
  'metadata.platformequinix.com',
  'metadata.packet.net',
]);

/**
 * Cloud metadata and platform addresses (AWS, GCP, Azure, Oracle, DigitalOcean, OpenStack: 169.254.169.254;
 * AWS ECS task metadata; AWS IMDS over IPv6; Alibaba Cloud; Azure WireServer, which is not a private address).
 * Blocked by every policy, also when embedded in an IPv6 form.
 */
export const METADATA_ADDRESSES: readonly string[] = Object.freeze([
  '169.254.169.254',
  '169.254.170.2',
  'fd00:ec2::254',
  '100.100.100.200',
  '168.63.129.16',
]);

/**
 * The default blocked domains: each blocks the name itself and every name below it. Loopback and local
 * names, special-use domains (RFC 6761, 6762, 7686, 8375, 9476), common private suffixes, cluster-internal
 * Kubernetes names (`kubernetes.default`, `<service>.<namespace>.svc`; `svc` is no public top-level
 * domain), and public wildcard-DNS services that answer with any address written into the name (those are
 * also caught at connect time; listing them makes the decision early and explicit). A policy may replace
 * this list; the metadata names and addresses above always apply.
 */
export const DEFAULT_BLOCKED_NAMES: readonly string[] = Object.freeze([
  'localhost',
  'localhost.localdomain',
  'localdomain',
  'ip6-localhost',
  'ip6-loopback',
  'broadcasthost',
  'internal',
  'local',
  'lan',
  'home',
  'corp',
  'intranet',
  'private',
  'home.arpa',
  'arpa',
  'test',
  'invalid',
  'onion',
  'alt',
  'kubernetes.default',
  'svc',
  'svc.cluster.local',
  'nip.io',
  'sslip.io',
  'xip.io',
  'localtest.me',
  'lvh.me',
  'vcap.me',
]);

// The host, address and port rules of a policy, shared by checkUrl and the connect-time guards.
import { domainToASCII } from './domain-name.js';
import { isIP } from './ip-literal.js';
import type { Finding } from '../vocabulary/finding.js';
import { classifyAddress, type AddressClass, type AddressInfo } from './address.js';
import { METADATA_HOST_NAMES } from './blocked-names.js';
import { inspectHomographs } from './homograph.js';
import {
  hasEmptyLabel,
  isSingleLabel,
  isWithinDomain,
  matchableHost,
  matchesHostPattern,
} from './host-name.js';
import { DEFAULT_PORTS, type EgressPolicy, type EgressScheme } from './policy.js';
import type { UrlBlockReason } from './reasons.js';

/** A host or an address passed the policy (with any findings), or why it did not. */
export type EndpointVerdict =
  | { readonly ok: true; readonly findings: readonly Finding[] }
  | {
      readonly ok: false;
      readonly reason: UrlBlockReason;
      readonly addressClass?: AddressClass;
      readonly findings: readonly Finding[];
    };

const NO_FINDINGS: readonly Finding[] = Object.freeze([]);
const PASS: EndpointVerdict = Object.freeze({ ok: true, findings: NO_FINDINGS });
const HOST_CHARACTERS = /^[\p{L}\p{M}\p{N}._-]+$/u;

/**
 * Checks a host as the WHATWG parser serializes it (lower case, punycode, IPv6 in brackets). An IP literal is
 * checked for metadata, address class, the IP-literal rule and the allowlist, in that order; a name for
 * metadata names, blocked domains, single labels, the allowlist and homographs. Every rule sees the host
 * without its trailing dots ({@link matchableHost}), so `localhost..` is `blocked_name` and
 * `169.254.169.254..` is `metadata`; a host of dots only, or one that passes every rule but has an empty
 * label (`example.com..`, `a..b`), is `unparseable`, since no resolver can look it up as written.
 */
export function checkHost(hostname: string, policy: EgressPolicy): EndpointVerdict {
  const host = matchableHost(hostname);
  if (host === '') return blocked('unparseable');
  const verdict = checkMatchableHost(host, policy);
  return verdict.ok && hasEmptyLabel(hostname) ? blocked('unparseable') : verdict;
}

function checkMatchableHost(host: string, policy: EgressPolicy): EndpointVerdict {
  const address = classifyAddress(host);
  if (address !== undefined) {
    const verdict = addressVerdict(address, policy);
    if (!verdict.ok) return verdict;
    if (policy.ipLiterals === 'block') return blocked('ip_literal');
    return policy.hosts === 'any' ? PASS : blocked('host_not_allowed');
  }
  if (METADATA_HOST_NAMES.some((name) => isWithinDomain(host, name))) return blocked('metadata');
  if (policy.blockedNames.some((name) => isWithinDomain(host, name))) return blocked('blocked_name');
  const allowlisted =
    policy.hosts !== 'any' && policy.hosts.some((pattern) => matchesHostPattern(host, pattern));
  if (isSingleLabel(host) && !allowlisted) return blocked('blocked_name');
  if (policy.hosts !== 'any' && !allowlisted) return blocked('host_not_allowed');
  return homographVerdict(host, policy);
}

/** How many host verdicts are remembered per policy before the memory is cleared. */
const HOST_MEMORY_LIMIT = 1024;
const remembered = new WeakMap<EgressPolicy, Map<string, EndpointVerdict>>();

/**
 * {@link checkHost}, remembering verdicts per policy (a verdict depends only on the host and the frozen
 * policy): a page of links to one site checks its host once. The memory is bounded and simply cleared when full.
 */
export function checkHostRemembered(hostname: string, policy: EgressPolicy): EndpointVerdict {
  let memory = remembered.get(policy);
  if (memory === undefined) {
    memory = new Map();
    remembered.set(policy, memory);
  }
  let verdict = memory.get(hostname);
  if (verdict === undefined) {
    verdict = freezeVerdict(checkHost(hostname, policy));
    if (memory.size >= HOST_MEMORY_LIMIT) memory.clear();
    memory.set(hostname, verdict);
  }
  return verdict;
}

function freezeVerdict(verdict: EndpointVerdict): EndpointVerdict {
  for (const finding of verdict.findings) Object.freeze(finding);
  Object.freeze(verdict.findings);
  return Object.freeze(verdict);
}

/** Checks an address a name resolved to: metadata addresses and address classes. */
export function checkAddress(address: string, policy: EgressPolicy): EndpointVerdict {
  const info = classifyAddress(matchableHost(address));
  return info === undefined ? blocked('unparseable') : addressVerdict(info, policy);
}

/** Checks a port (as a URL serializes it: '' for the scheme's default) against the policy. */
export function isPortAllowed(scheme: EgressScheme, port: string, policy: EgressPolicy): boolean {
  const effective = port === '' ? DEFAULT_PORTS[scheme] : Number(port);
  return policy.ports === 'default' ? effective === DEFAULT_PORTS[scheme] : policy.ports.includes(effective);
}

/**
 * The canonical form of a host handed to a socket API (`net.connect`, a lookup function), or `undefined` when
 * it is not a plain host: brackets are removed from IPv6, and names go through the same IDNA and IPv4
 * processing as in a URL (so `0x7f.1` becomes `127.0.0.1`).
 */
export function canonicalSocketHost(host: string): string | undefined {
  const bare = matchableHost(host);
  if (isIP(bare) !== 0) return bare;
  if (!HOST_CHARACTERS.test(host)) return undefined;
  const ascii = domainToASCII(host);
  return ascii === '' ? undefined : ascii;
}

function addressVerdict(info: AddressInfo, policy: EgressPolicy): EndpointVerdict {
  if (info.metadata) return blocked('metadata', info.addressClass);
  if (!policy.addressClasses.includes(info.addressClass))
    return blocked('private_address', info.addressClass);
  return PASS;
}

function homographVerdict(host: string, policy: EgressPolicy): EndpointVerdict {
  const { mixedScriptLabels, lookalikeLabels } = inspectHomographs(host);
  if (mixedScriptLabels + lookalikeLabels === 0) return PASS;
  const action = policy.confusableHosts === 'block' ? 'rejected' : 'reported';
  const findings: Finding[] = [];
  if (mixedScriptLabels > 0) {
    findings.push({ code: 'url.mixed_script_host', pointer: '', count: mixedScriptLabels, action });
  }
  if (lookalikeLabels > 0) {
    findings.push({ code: 'url.confusable_host', pointer: '', count: lookalikeLabels, action });
  }
  return action === 'rejected' ? { ...blocked('confusable_host'), findings } : { ok: true, findings };
}

function blocked(reason: UrlBlockReason, addressClass?: AddressClass): EndpointVerdict {
  return addressClass === undefined
    ? { ok: false, reason, findings: NO_FINDINGS }
    : { ok: false, reason, addressClass, findings: NO_FINDINGS };
}

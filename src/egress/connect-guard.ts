// Connect-time egress: checks a socket target, and wraps DNS lookup so every resolved address is re-checked.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isAllowedScheme } from './check-url.js';
import { EgressBlockedError } from './errors.js';
import {
  canonicalSocketHost,
  checkAddress,
  checkHost,
  isPortAllowed,
  type EndpointVerdict,
} from './host-check.js';
import type { EgressPolicy } from './policy.js';

/** Where a socket is about to connect: the transport protocol, the host as given, and the port. */
export interface ConnectTarget {
  /** The transport: plain TCP or TLS. */
  readonly protocol: 'http:' | 'https:';
  /** The host as the caller gave it (a name, an IP address, IPv6 with or without brackets). */
  readonly hostname: string;
  /** The port; '' or undefined for the transport's default. */
  readonly port: string | number | undefined;
}

/**
 * Checks a connection before it is opened: the transport's schemes (`http:` serves `http` and `ws`, `https:`
 * serves `https` and `wss`), the host (an IP literal is checked here because socket APIs never pass literals
 * to a lookup function), and the port. Returns the refusal, or `undefined` when the connection may proceed
 * to name resolution.
 */
export function refuseConnectTarget(
  target: ConnectTarget,
  policy: EgressPolicy,
): EgressBlockedError | undefined {
  const schemes = target.protocol === 'https:' ? (['https', 'wss'] as const) : (['http', 'ws'] as const);
  const scheme = schemes.find((candidate) => isAllowedScheme(candidate, policy));
  if (scheme === undefined) return new EgressBlockedError('scheme', { phase: 'connect' });
  const checked = checkSocketHost(target.hostname, policy);
  if ('error' in checked) return checked.error;
  const port = target.port === undefined ? '' : String(target.port);
  return isPortAllowed(scheme, port, policy)
    ? undefined
    : new EgressBlockedError('port', { phase: 'connect' });
}

/**
 * A `lookup` function for `net.connect`, `tls.connect`, `http.request`, `https.request` and undici's
 * connector. It checks the host name under the policy, resolves it with the given lookup (default
 * `dns.lookup`), and fails with an {@link EgressBlockedError} when ANY resolved address is a metadata address
 * or outside the allowed address classes — so a name that resolves (or re-resolves) to 127.0.0.1 never
 * connects, whichever address the socket would have tried first.
 */
export function guardedLookup(policy: EgressPolicy, lookup: LookupFunction = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    const checked = checkSocketHost(hostname, policy);
    if ('error' in checked) {
      process.nextTick(callback, checked.error, '', 0);
      return;
    }
    lookup(checked.host, options, (error, address, family) => {
      if (error !== null) {
        callback(error, address, family);
        return;
      }
      const addresses: readonly LookupAddress[] = Array.isArray(address)
        ? address
        : [{ address, family: family ?? 0 }];
      const blocked = firstRefusal(addresses, policy);
      if (blocked === undefined) callback(null, address, family);
      else callback(blocked, '', 0);
    });
  };
}

/** The canonical host to resolve, or why the host is refused before any resolution. */
function checkSocketHost(
  hostname: string,
  policy: EgressPolicy,
): { host: string } | { error: EgressBlockedError } {
  const host = canonicalSocketHost(hostname);
  if (host === undefined) return { error: new EgressBlockedError('unparseable', { phase: 'connect' }) };
  const error = refusal(checkHost(host, policy));
  return error === undefined ? { host } : { error };
}

function firstRefusal(
  addresses: readonly LookupAddress[],
  policy: EgressPolicy,
): EgressBlockedError | undefined {
  for (const resolved of addresses) {
    const blocked = refusal(checkAddress(resolved.address, policy));
    if (blocked !== undefined) return blocked;
  }
  return undefined;
}

function refusal(verdict: EndpointVerdict): EgressBlockedError | undefined {
  if (verdict.ok) return undefined;
  const context = verdict.addressClass === undefined ? {} : { addressClass: verdict.addressClass };
  return new EgressBlockedError(verdict.reason, { phase: 'connect', ...context });
}

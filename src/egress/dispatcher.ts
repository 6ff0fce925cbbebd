// An undici dispatcher that enforces the egress policy when connecting, for Node's global fetch and undici.
import type { LookupFunction } from 'node:net';
import type { ConnectionOptions } from 'node:tls';
import { Agent, buildConnector, type Dispatcher } from 'undici';
import { guardedLookup, refuseConnectTarget } from './connect-guard.js';
import { assertEgressPolicy, DEFAULT_EGRESS_POLICY, type EgressPolicy } from './policy.js';

/** Options of {@link createEgressDispatcher}. */
export interface EgressDispatcherOptions {
  /** The resolver the guard wraps (default `dns.lookup`); every address it returns is checked. */
  readonly lookup?: LookupFunction;
  /** Connect timeout in milliseconds (default 10 000). */
  readonly connectTimeoutMs?: number;
  /** Extra trusted certificate authorities for TLS. */
  readonly ca?: ConnectionOptions['ca'];
}

const policies = new WeakMap<Dispatcher, EgressPolicy>();

/**
 * An undici `Agent` whose every new connection is checked against the policy: scheme, port and IP-literal
 * host before connecting, and every address the host name resolves to while connecting (DNS rebinding to a
 * private address fails). Works as the `dispatcher` of Node 20's global `fetch` (its bundled undici 6
 * drives an undici 7 dispatcher through the legacy handler interface, which undici 7 still accepts; a test
 * pins this) and of undici's own `fetch` and `request`. Used alone it does not apply the URL-only rules
 * (credentials, query budget, length) to redirects that `fetch` follows; `guardedFetch` does.
 */
export function createEgressDispatcher(
  policy: EgressPolicy = DEFAULT_EGRESS_POLICY,
  options: EgressDispatcherOptions = {},
): Dispatcher {
  assertEgressPolicy(policy);
  const connector = buildConnector({
    lookup: guardedLookup(policy, options.lookup),
    timeout: options.connectTimeoutMs ?? 10_000,
    ...(options.ca === undefined ? {} : { ca: options.ca }),
  });
  const agent = new Agent({
    connect(target, callback) {
      const protocol = target.protocol === 'https:' ? 'https:' : 'http:';
      const refusal = refuseConnectTarget({ protocol, hostname: target.hostname, port: target.port }, policy);
      if (refusal === undefined) {
        connector(target, callback);
      } else {
        queueMicrotask(() => {
          callback(refusal, null);
        });
      }
    },
  });
  policies.set(agent, policy);
  return agent;
}

/** The policy a dispatcher from {@link createEgressDispatcher} enforces, or `undefined` for any other dispatcher. */
export function egressDispatcherPolicy(dispatcher: Dispatcher): EgressPolicy | undefined {
  return policies.get(dispatcher);
}

// http.Agent and https.Agent that enforce the egress policy on every connection they open.
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { guardedLookup, refuseConnectTarget, type ConnectTarget } from './connect-guard.js';
import { assertEgressPolicy, DEFAULT_EGRESS_POLICY, type EgressPolicy } from './policy.js';

/** Options of the egress agents: Node's agent options, plus the resolver the guard wraps. */
export type EgressAgentOptions<Options> = Omit<Options, 'lookup'> & {
  /** The resolver the guard wraps (default `dns.lookup`); every address it returns is checked. */
  readonly lookup?: LookupFunction;
};

/**
 * An `http.Agent` for `http.request` and friends that checks each connection under the policy: scheme, port
 * and an IP-literal host before connecting (socket APIs never hand literals to `lookup`), then every
 * resolved address through {@link guardedLookup}. A refused connection fails the request with an
 * `EgressBlockedError`.
 */
export function createEgressHttpAgent(
  policy: EgressPolicy = DEFAULT_EGRESS_POLICY,
  options: EgressAgentOptions<http.AgentOptions> = {},
): http.Agent {
  return guardedAgent(http.Agent, 'http:', policy, options);
}

/** The `https.Agent` counterpart of {@link createEgressHttpAgent}. */
export function createEgressHttpsAgent(
  policy: EgressPolicy = DEFAULT_EGRESS_POLICY,
  options: EgressAgentOptions<https.AgentOptions> = {},
): https.Agent {
  return guardedAgent(https.Agent, 'https:', policy, options);
}

/** An agent with the guarded lookup whose every connection target is checked before it is opened. */
function guardedAgent<A extends http.Agent, Options extends http.AgentOptions>(
  Agent: new (options: Options) => A,
  protocol: ConnectTarget['protocol'],
  policy: EgressPolicy,
  options: EgressAgentOptions<Options>,
): A {
  assertEgressPolicy(policy);
  const { lookup, ...agentOptions } = options;
  return guardConnections(
    new Agent({ ...agentOptions, lookup: guardedLookup(policy, lookup) } as Options),
    protocol,
    policy,
  );
}

/** Checks the target of every connection the agent opens before opening it. */
function guardConnections<A extends http.Agent>(
  agent: A,
  protocol: ConnectTarget['protocol'],
  policy: EgressPolicy,
): A {
  const open = agent.createConnection.bind(agent);
  agent.createConnection = (connect, callback) => {
    const refusal = refuseConnectTarget(target(protocol, connect), policy);
    if (refusal === undefined) return open(connect, callback);
    // The agent reports an error passed to its callback as the request's error.
    if (callback !== undefined) process.nextTick(callback, refusal);
    return undefined;
  };
  return agent;
}

/** The target of a connection; a Unix socket path has no host, so it is refused as unparseable. */
function target(protocol: ConnectTarget['protocol'], connect: http.ClientRequestArgs): ConnectTarget {
  const { host, port, socketPath } = connect;
  return {
    protocol,
    hostname: socketPath === undefined ? (host ?? 'localhost') : '',
    port: port ?? undefined,
  };
}

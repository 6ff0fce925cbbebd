// The `agent-airlock/egress` entry: the egress policy enforced at connect time (undici, node:http, fetch).
export { createEgressDispatcher } from './egress/dispatcher.js';
export type { EgressDispatcherOptions } from './egress/dispatcher.js';
export { createEgressHttpAgent, createEgressHttpsAgent } from './egress/http-agent.js';
export type { EgressAgentOptions } from './egress/http-agent.js';
export { guardedLookup } from './egress/connect-guard.js';
export { guardedFetch } from './egress/guarded-fetch.js';
export type { GuardedFetchOptions } from './egress/guarded-fetch.js';

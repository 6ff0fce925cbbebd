// What the upstream sends on its own, passed to the proxy's client: notifications, and requests it may answer.
import type { ProxyCore } from './core.js';
import type { ProxyServer } from './sdk-server.js';
import { ANY_RESULT } from './front-server.js';

/** Requests a server may send its client, and the client capability each needs. */
const SERVER_REQUESTS = Object.freeze([
  ['sampling/createMessage', 'sampling'],
  ['elicitation/create', 'elicitation'],
  ['roots/list', 'roots'],
] as const);

const relayed = new WeakSet<object>();

/**
 * Relays, once per upstream: a tool-list change (after the tool client has re-listed and quarantined what
 * changed) becomes the proxy's own `notifications/tools/list_changed`; every other notification (resource
 * updates, prompt list changes, log messages, progress) goes to the client's connection as it came; requests
 * the server sends (sampling, elicitation, roots), declared upstream only when the client offered them, go to
 * the client and their answers back. `fronts` names the connections currently served.
 */
export function relayUpstream(
  core: ProxyCore,
  fronts: () => readonly ProxyServer[],
  toolsChanged?: () => void,
): void {
  const { client, transport } = core.upstream;
  if (relayed.has(client)) return;
  relayed.add(client);
  transport.onToolsChanged(() => {
    for (const server of fronts()) void server.sendToolListChanged().catch(() => undefined);
    toolsChanged?.();
  });
  client.fallbackNotificationHandler = async (notification) => {
    if (notification.method === 'notifications/tools/list_changed') return;
    for (const server of fronts()) await server.notification(notification).catch(() => undefined);
  };
  for (const [method, capability] of SERVER_REQUESTS) {
    if (core.upstream.offered[capability] === undefined) continue;
    client.setRequestHandler(method, (request, ctx) => {
      const server = fronts()[0];
      if (server === undefined) return Promise.reject(new Error('No client is connected.'));
      return server.request({ method, params: request.params }, ANY_RESULT, {
        signal: ctx.mcpReq.signal,
      }) as never;
    });
  }
}

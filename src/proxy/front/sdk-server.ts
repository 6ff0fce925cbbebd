// The SDK's low-level MCP server, named in this one place: a proxy needs a handler per method and a fallback.
/* eslint-disable @typescript-eslint/no-deprecated -- The SDK marks its low-level `Server` deprecated in favour of
   `McpServer`, which registers tools one by one with their own handlers. A proxy lists whatever the upstream
   lists, passes unknown methods on and answers per method: only the low-level server can. */
import { Server, type ServerContext, type ServerOptions } from '@modelcontextprotocol/server';

/** The server the proxy builds for each client connection. */
export type ProxyServer = Server;

/** A new low-level server. */
export function newServer(
  identity: { readonly name: string; readonly version: string },
  options: ServerOptions,
): ProxyServer {
  return new Server({ name: identity.name, version: identity.version }, options);
}

/** The key of the client's capabilities in a 2026-07-28 request envelope. */
const CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';

/**
 * Whether the client of this request can answer an elicitation: from the request's envelope (2026-07-28), or
 * from what it declared at `initialize` (2025 era, where the accessor is the only source).
 */
export function clientCanElicit(server: ProxyServer, ctx: ServerContext): boolean {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const declared = (envelope?.[CAPABILITIES_KEY] ?? server.getClientCapabilities()) as
    Readonly<Record<string, unknown>> | undefined;
  return declared?.elicitation !== undefined;
}

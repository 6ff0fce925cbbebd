// The MCP server the proxy's client talks to: the upstream's capabilities, tools gated, everything else passed on.
import type { ServerCapabilities, ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { ToolDefinition } from '../../contract/define-tool.js';
import type { Finding } from '../../vocabulary/finding.js';
import { BOUNDARY_NOTICE } from '../../../sinks/prompt/notice.js';
import { cleanProse } from '../definitions/present-definition.js';
import { readResource } from '../resources/read-resource.js';
import { resourceContract } from '../resources/resource-contract.js';
import type { Provenance } from '../decision/provenance.js';
import { callTool } from './call-tool.js';
import type { ProxyCore } from './core.js';
import { listTools } from './list-tools.js';
import { clientCanElicit, newServer, type ProxyServer } from './sdk-server.js';

/** Any result object: what a passed-on request resolves to is the upstream's business. */
export const ANY_RESULT = z.looseObject({});

/** What one client connection of the proxy is. */
export interface Front {
  readonly server: ProxyServer;
}

/**
 * Builds the server for one client connection (or, over sessionless HTTP, one request). It declares the
 * upstream's capabilities (tools always with `listChanged`, since the proxy announces what it quarantines or
 * approves), its instructions cleaned like a tool description and followed by the untrusted-block notice, and:
 * - `tools/list` and `tools/call` through the proxy's listing and decision;
 * - `resources/read` through the gate, when the upstream has resources;
 * - every other request (prompts, completions, resource listings, subscriptions, logging levels) passed to the
 *   upstream unchanged, under the client's cancellation signal and the proxy's deadline.
 */
export function createFrontServer(core: ProxyCore, provenance: Provenance): Front {
  const { capabilities, instructions, resources } = sharedParts(core);
  const server = newServer(core.identity, {
    capabilities,
    instructions,
    requestState: { verify: core.confirmations.verify },
  });
  const session = { provenance, canElicit: (ctx: ServerContext) => clientCanElicit(server, ctx) };
  let lastPending = '';
  server.setRequestHandler('tools/list', async (_request, ctx) => {
    const listing = await listTools(core, ctx.mcpReq.signal);
    const pending = listing.pending.join(' ');
    if (pending !== lastPending && pending !== '')
      core.say(
        `${String(listing.pending.length)} tool(s) of "${core.settings.name}" await approval: airlock tools pending`,
      );
    lastPending = pending;
    return { tools: [...listing.tools] } as never;
  });
  server.setRequestHandler(
    'tools/call',
    (request, ctx) => callTool(core, session, request.params, ctx) as never,
  );
  if (resources !== undefined) {
    server.setRequestHandler(
      'resources/read',
      (request, ctx) => readResource(core, resources, request.params, ctx.mcpReq.signal) as never,
    );
  }
  server.fallbackRequestHandler = (request, ctx) =>
    core.upstream.client.request({ method: request.method, params: request.params ?? {} }, ANY_RESULT, {
      signal: ctx.mcpReq.signal,
      timeout: core.settings.timeoutMs,
    });
  server.fallbackNotificationHandler = (notification) => core.upstream.client.notification(notification);
  return { server };
}

/** What every server of one proxy declares and checks alike: worked out once, not per request. */
interface SharedParts {
  readonly capabilities: ServerCapabilities;
  readonly instructions: string;
  /** The `resources/read` contract, when the upstream has resources. */
  readonly resources: ToolDefinition<unknown> | undefined;
}

const SHARED = new WeakMap<ProxyCore, SharedParts>();

/**
 * The parts of a front server that depend only on the proxy's core (its settings and the upstream's
 * handshake, both fixed once connected). Over sessionless HTTP a server is built for every request, and
 * compiling the resource contract and cleaning the instructions each time cost more than the call itself.
 */
function sharedParts(core: ProxyCore): SharedParts {
  let parts = SHARED.get(core);
  if (parts === undefined) {
    const upstreamCapabilities = core.upstream.client.getServerCapabilities() ?? {};
    const capabilities = { ...passedOn(upstreamCapabilities), tools: { listChanged: true } };
    const bounds = { maxBytes: core.settings.maxMessageBytes, maxItems: 1024 };
    parts = Object.freeze({
      capabilities,
      instructions: instructionsFor(core.upstream.client.getInstructions()),
      resources:
        capabilities.resources === undefined
          ? undefined
          : resourceContract(core.settings.name, bounds, core.settings.instructions),
    });
    SHARED.set(core, parts);
  }
  return parts;
}

/** The capabilities passed on as the upstream declares them; the proxy adds none of its own but `tools`. */
function passedOn(upstream: ServerCapabilities): ServerCapabilities {
  const { prompts, resources, completions, logging } = upstream;
  return {
    ...(prompts === undefined ? {} : { prompts }),
    ...(resources === undefined ? {} : { resources }),
    ...(completions === undefined ? {} : { completions }),
    ...(logging === undefined ? {} : { logging }),
  };
}

/**
 * The instructions the client shows its model: the upstream's (many clients put them in the system prompt, so
 * they are cleaned as tool descriptions are), then what untrusted blocks are.
 */
function instructionsFor(upstream: string | undefined): string {
  const findings: Finding[] = [];
  const cleaned = upstream === undefined ? '' : cleanProse(upstream, '/instructions', findings);
  return cleaned === '' ? BOUNDARY_NOTICE : `${cleaned}\n\n${BOUNDARY_NOTICE}`;
}

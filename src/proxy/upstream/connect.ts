// The proxy's side of the upstream server: a bounded Airlock transport, an SDK client over it, and the gated tool client.
import { Client } from '@modelcontextprotocol/client';
import type { ToolRegistry } from '../../calls/registry.js';
import type { EgressPolicy } from '../../egress/policy.js';
import type { StructuredContract } from '../../mcp/contract/result-contract.js';
import type { InstructionPolicy } from '../../purposes/text/instruction.js';
import type { Gate } from '../../gate/create-gate.js';
import { createMcpToolClient, type McpToolClient } from '../../mcp/tool-client.js';
import { streamableHttpTransport } from '../../mcp/wire/http-link.js';
import { stdioTransport } from '../../mcp/wire/stdio-link.js';
import type { AirlockTransport } from '../../mcp/wire/types.js';
import type { UpstreamSpec } from '../settings.js';

/** What the proxy needs to reach the upstream. */
export interface UpstreamOptions {
  readonly spec: UpstreamSpec;
  readonly gate: Gate;
  readonly registry: ToolRegistry;
  /** The untrusted-source label of the server's prose. */
  readonly source: string;
  readonly uriPolicy: EgressPolicy;
  /** The injection signal on results' text: ignore, report or reject. */
  readonly instructions: InstructionPolicy;
  /** The contracts the configuration names for tools' `structuredContent`, by tool name. */
  readonly contracts: Readonly<Record<string, StructuredContract>>;
  readonly maxMessageBytes: number;
  readonly timeoutMs: number;
  /** The client capabilities to declare upstream (what the proxy can pass on to its own client). */
  readonly capabilities: Record<string, unknown>;
  /** The proxy's name and version, as its client identity upstream. */
  readonly identity: { readonly name: string; readonly version: string };
  /** Fires when the proxy is stopping: a handshake still under way is given up. */
  readonly signal?: AbortSignal;
}

/**
 * How long closing waits for the server at each step (end of its input, then SIGTERM) before the next (SIGKILL):
 * a server that ignores both is gone within about two seconds, before a client that stops the proxy the way
 * the MCP SDKs do (end of input, SIGTERM two seconds later, SIGKILL two seconds after that) kills the proxy.
 */
const CLOSE_STEP_MS = 1000;

/** A connected upstream. */
export interface Upstream {
  /** The SDK client: the handshake, and every request the proxy passes through unchanged. */
  readonly client: Client;
  readonly transport: AirlockTransport;
  /** Listings and calls through the transport's side channel, every result through the gate. */
  readonly tools: McpToolClient;
  /** The client capabilities declared upstream (requests the server may send back). */
  readonly offered: Readonly<Record<string, unknown>>;
  /** Resolves when the connection has ended (the server exited or the endpoint went away). */
  readonly closed: Promise<void>;
  /** True once the connection has ended. */
  ended(): boolean;
  close(): Promise<void>;
}

/**
 * Connects to the upstream: spawns the command (its standard error passed to this process's, so a client's
 * log keeps the server's messages) or opens the endpoint, and completes the handshake within `timeoutMs`.
 * Rejects when the server cannot be started, does not answer the handshake, or `signal` fires first; the
 * server is closed (its process ended) before it rejects, so a failed start leaves no process behind.
 */
export async function connectUpstream(options: UpstreamOptions): Promise<Upstream> {
  options.signal?.throwIfAborted();
  const transport = openTransport(options.spec, options.maxMessageBytes);
  const client = new Client(
    { name: options.identity.name, version: options.identity.version },
    { capabilities: options.capabilities },
  );
  let over = false;
  let ended: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    ended = () => {
      over = true;
      resolve();
    };
  });
  client.onclose = ended;
  try {
    await client.connect(transport, {
      timeout: options.timeoutMs,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
  } catch (error) {
    await transport.close().catch(() => undefined);
    throw error;
  }
  const tools = createMcpToolClient({
    transport,
    gate: options.gate,
    registry: options.registry,
    source: options.source,
    uriPolicy: options.uriPolicy,
    requestTimeoutMs: options.timeoutMs,
    instructions: options.instructions,
    contracts: options.contracts,
  });
  return {
    client,
    transport,
    tools,
    offered: options.capabilities,
    closed,
    ended: () => over,
    async close() {
      tools.close();
      await client.close().catch(() => undefined);
    },
  };
}

function openTransport(spec: UpstreamSpec, maxMessageBytes: number): AirlockTransport {
  if (spec.kind === 'url') return streamableHttpTransport({ url: spec.url, maxMessageBytes });
  return stdioTransport({
    command: spec.command,
    args: spec.args,
    env: spec.env,
    ...(spec.cwd === undefined ? {} : { cwd: spec.cwd }),
    stderr: 'inherit',
    maxMessageBytes,
    closeTimeoutMs: CLOSE_STEP_MS,
  });
}

// A small HTTP reverse proxy for tests: each request goes to the next of N upstreams, bodies streamed both ways.
import {
  Agent,
  createServer,
  request as forward,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/** Headers that belong to one connection, never passed on. */
const HOP_BY_HOP: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);

/** How much of each request body the log keeps (the bytes forwarded are never cut). */
const LOGGED_BODY_BYTES = 64 * 1024;

/** One request the round-robin passed on. */
export interface ForwardedRequest {
  /** Which upstream it went to (its index in the list given). */
  readonly upstream: number;
  readonly method: string;
  /** The start of the request body, as text, once it has been read. */
  body: string;
  /** The upstream's status, once its headers arrived; 502 when it could not be reached. */
  status?: number;
  /** `done`: the response reached the client in full; `failed`: the upstream went away before that. */
  end?: 'done' | 'failed';
}

/** A listening round-robin. */
export interface RoundRobin {
  /** The URL clients use: the round-robin's origin with the upstreams' path. */
  readonly url: string;
  /** Every request passed on so far, in arrival order. */
  readonly log: readonly ForwardedRequest[];
  /** Requests each upstream holds right now (sent, response not yet finished). */
  inFlight(): readonly number[];
  close(): Promise<void>;
}

/**
 * Listens on 127.0.0.1 (a free port) and sends each incoming request to the next upstream in turn (all
 * upstreams share one path, such as `/mcp`). Request and response bodies stream through as they arrive, so
 * Server-Sent Events reach the client event by event. An upstream that cannot be reached answers 502; one that
 * goes away mid-response cuts the client's response off, as a load balancer in front of a dead process does.
 */
export async function roundRobin(upstreams: readonly string[]): Promise<RoundRobin> {
  const targets = upstreams.map((url) => new URL(url));
  const first = targets[0];
  if (first === undefined) throw new TypeError('A round-robin needs at least one upstream.');
  const agent = new Agent({ keepAlive: true });
  const log: ForwardedRequest[] = [];
  const open = targets.map(() => 0);
  let next = 0;
  const server = createServer((request, response) => {
    const upstream = next;
    next = (next + 1) % targets.length;
    const entry: ForwardedRequest = { upstream, method: request.method ?? 'GET', body: '' };
    log.push(entry);
    open[upstream] = (open[upstream] ?? 0) + 1;
    let settled = false;
    const settle = (end: 'done' | 'failed') => {
      if (settled) return;
      settled = true;
      entry.end = end;
      open[upstream] = (open[upstream] ?? 1) - 1;
    };
    pass(request, response, targets[upstream] ?? first, agent, entry, settle);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}${first.pathname}`,
    log,
    inFlight: () => [...open],
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      );
      agent.destroy();
    },
  };
}

/** Streams one request to `target` and its response back, noting how it went in `entry`. */
function pass(
  request: IncomingMessage,
  response: ServerResponse,
  target: URL,
  agent: Agent,
  entry: ForwardedRequest,
  settle: (end: 'done' | 'failed') => void,
): void {
  const chunks: Buffer[] = [];
  let kept = 0;
  request.on('data', (chunk: Buffer) => {
    if (kept < LOGGED_BODY_BYTES) chunks.push(chunk.subarray(0, LOGGED_BODY_BYTES - kept));
    kept += chunk.length;
  });
  request.on('end', () => {
    entry.body = Buffer.concat(chunks).toString('utf8');
  });
  const outgoing = forward({
    host: target.hostname,
    port: target.port,
    path: request.url,
    method: request.method,
    headers: passedOn(request.headers),
    agent,
  });
  outgoing.on('response', (incoming) => {
    entry.status = incoming.statusCode ?? 502;
    response.writeHead(entry.status, passedOn(incoming.headers));
    response.flushHeaders();
    incoming.pipe(response);
    // An upstream that dies mid-response: the client's response is cut off too, never ended as if complete.
    incoming.on('close', () => {
      if (!incoming.complete) response.destroy();
    });
  });
  outgoing.on('error', () => {
    if (response.headersSent) response.destroy();
    else {
      entry.status = 502;
      response.writeHead(502).end();
    }
  });
  response.on('close', () => {
    settle(response.writableFinished && entry.status !== 502 ? 'done' : 'failed');
    // A client that goes away takes its upstream request with it.
    if (!response.writableFinished) outgoing.destroy();
  });
  request.pipe(outgoing);
}

/** The end-to-end headers of a message. */
function passedOn(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const kept: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers))
    if (!HOP_BY_HOP.has(name) && value !== undefined) kept[name] = value;
  return kept;
}

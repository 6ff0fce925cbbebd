// The load benchmark's clients: many 2.x SDK clients over Streamable HTTP, each calling `echo` in turn, timed.
import { performance } from 'node:perf_hooks';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

/** A group of connected clients of one endpoint. */
export interface ClientGroup {
  readonly clients: readonly Client[];
  close(): Promise<void>;
}

/** What one load run measured. */
export interface LoadRun {
  /** Every call's latency in milliseconds, in no particular order. */
  readonly latencies: Float64Array;
  /** From the first call sent to the last result received. */
  readonly wallMs: number;
}

/** Connects `count` clients to `url`, a few at a time (as clients arrive, not as one stampede). */
export async function connectClients(url: string, count: number): Promise<ClientGroup> {
  const clients: Client[] = [];
  try {
    for (let first = 0; first < count; first += 10) {
      const batch = Array.from({ length: Math.min(10, count - first) }, async () => {
        const client = new Client({ name: 'airlock-bench', version: '1.0.0' });
        await client.connect(new StreamableHTTPClientTransport(new URL(url)));
        // As a client application does: list the tools before calling one (under first-use approval this
        // listing is what approves them).
        await client.listTools();
        return client;
      });
      clients.push(...(await Promise.all(batch)));
    }
  } catch (error) {
    await closeAll(clients);
    throw error;
  }
  return { clients, close: () => closeAll(clients) };
}

async function closeAll(clients: readonly Client[]): Promise<void> {
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
}

/**
 * Runs `calls` calls of `echo` on every client at once, each client's calls one after the other, and checks
 * that every call got exactly one result: not an error, holding the echo of its own message (through the
 * proxy the echo sits inside an untrusted block, so the check is that the text contains it). Throws on the
 * first call that does not. Keep `tag` short: a message sharing 12 characters with an earlier echo is a copy
 * of untrusted output, which the proxy rightly refuses to pass on unconfirmed.
 */
export async function runLoad(group: ClientGroup, calls: number, tag: string): Promise<LoadRun> {
  const latencies = new Float64Array(group.clients.length * calls);
  let results = 0;
  const start = performance.now();
  await Promise.all(
    group.clients.map(async (client, c) => {
      for (let i = 0; i < calls; i++) {
        const message = `${tag}-${String(c)}-${String(i)}`;
        const sent = performance.now();
        const result = await client.callTool({ name: 'echo', arguments: { message } });
        latencies[c * calls + i] = performance.now() - sent;
        checkEcho(result, message);
        results++;
      }
    }),
  );
  const wallMs = performance.now() - start;
  if (results !== latencies.length)
    throw new Error(`${String(results)} results for ${String(latencies.length)} calls`);
  return { latencies, wallMs };
}

function checkEcho(result: Awaited<ReturnType<Client['callTool']>>, message: string): void {
  const content = 'content' in result && Array.isArray(result.content) ? result.content : [];
  const texts = content.flatMap((block) => (block.type === 'text' ? [block.text] : []));
  const isError = 'isError' in result && result.isError === true;
  if (isError || texts.length !== 1 || !texts[0]?.includes(`Echo: ${message}`)) {
    // The proxy's own words say why it refused (its wording, not the server's text).
    const said = isError ? `: ${(texts[0] ?? '').slice(0, 300)}` : '';
    throw new Error(`a call did not get its one echo (${String(texts.length)} texts)${said}`);
  }
}

/** The `q` quantile (0…1) of `samples`, by the nearest rank. */
export function quantile(samples: Float64Array, q: number): number {
  const sorted = Float64Array.from(samples).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

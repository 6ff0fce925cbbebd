// Test support: Clients of the 2.x SDK (default and `auto` negotiation), and the 2.x test server over stdio or HTTP.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, type ClientOptions } from '@modelcontextprotocol/client';
import type { AirlockTransport } from '../../../src/mcp/wire/types.js';
import { startHttpServer, type HttpServer } from './real-servers.js';

/** How a Client picks its protocol revision: `initialize` with 2025-11-25, or a `server/discover` probe first. */
export type Negotiation = 'default' | 'auto';

/** The 2.x test server's entry script. */
export const SDK2_SERVER = fileURLToPath(new URL('../servers/sdk2-server.ts', import.meta.url));

/** A Client of the 2.x SDK (`auto`: with the options' own `versionNegotiation`, if any). */
export function sdk2Client(negotiation: Negotiation, options: ClientOptions = {}): Client {
  const auto = { ...options, versionNegotiation: options.versionNegotiation ?? { mode: 'auto' as const } };
  return new Client({ name: 'airlock-test-sdk2', version: '2.0.0' }, negotiation === 'auto' ? auto : options);
}

/** Connects `client` to the transport (for `openSession`, which then builds the adapter over it). */
export function connectWith(client: Client): (transport: AirlockTransport) => Promise<Client> {
  return async (transport) => {
    await client.connect(transport);
    return client;
  };
}

/** A file the test server appends every byte it writes to the wire to. */
export interface WireLog {
  readonly path: string;
  /** True when `bytes` were written to the wire as one run. */
  holds(bytes: Uint8Array): boolean;
  remove(): void;
}

/** A new, empty wire log in a temporary folder. */
export function wireLog(): WireLog {
  const dir = mkdtempSync(join(tmpdir(), 'airlock-wire-'));
  const path = join(dir, 'wire.log');
  writeFileSync(path, '');
  return {
    path,
    holds: (bytes) => readFileSync(path).indexOf(bytes) !== -1,
    remove: () => {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The test server's stdio arguments, for `stdioTransport` with this process's `node`. */
export function sdk2StdioArgs(): string[] {
  return ['--import', 'tsx', SDK2_SERVER, 'stdio'];
}

/** Starts the test server on HTTP; its `url` is the server's root (endpoints `/modern` and `/stateful`). */
export function startSdk2Http(log: WireLog): Promise<HttpServer> {
  return startHttpServer(['--import', 'tsx', SDK2_SERVER, 'http'], /listening (\d+)/, {
    SDK2_WIRE_LOG: log.path,
  });
}

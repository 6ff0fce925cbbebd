// Unmodified SDK clients (1.x and 2.x) connected to `airlock proxy` as a client application launches it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client as Client2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as Stdio2 } from '@modelcontextprotocol/client/stdio';
import { StreamableHTTPClientTransport as Http2 } from '@modelcontextprotocol/client';
import { Client as Client1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as Stdio1 } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as Http1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { Client as ClientOld } from 'mcp-sdk-alt/client/index.js';
import { StdioClientTransport as StdioOld } from 'mcp-sdk-alt/client/stdio.js';
import { StreamableHTTPClientTransport as HttpOld } from 'mcp-sdk-alt/client/streamableHttp.js';

/** The `airlock` entry in the sources, run through tsx as the tests run it. */
export const BIN = fileURLToPath(new URL('../../../src/cli/bin.ts', import.meta.url));
const TSX = import.meta.resolve('tsx');

/** The command line that starts `airlock ARGS`. */
export function airlock(args: readonly string[]): { command: string; args: string[] } {
  return { command: process.execPath, args: ['--import', TSX, BIN, ...args] };
}

/** A fresh state folder for one proxy (its store, key file and audit log), used as `AIRLOCK_HOME`. */
export function freshHome(): string {
  return mkdtempSync(join(tmpdir(), 'airlock-proxy-'));
}

/** What a test asks of a client, whatever its SDK line. */
export interface TestClient {
  listTools(): Promise<{ tools: Array<{ name: string; description?: string; inputSchema?: unknown }> }>;
  callTool(name: string, args?: Record<string, unknown>): Promise<CallResult>;
  readResource(uri: string): Promise<ReadResult>;
  /** How many `notifications/tools/list_changed` the client has received. */
  toolsChanged(): number;
  close(): Promise<void>;
}

/** A `resources/read` result as the client got it. */
export interface ReadResult {
  readonly contents: Array<{ uri: string; text?: string }>;
  readonly _meta?: Record<string, unknown>;
}

/** A `tools/call` result as the client got it. */
export interface CallResult {
  readonly content: Array<{ type: string; text?: string }>;
  readonly isError?: boolean;
  readonly structuredContent?: unknown;
  readonly _meta?: Record<string, unknown>;
}

/** How the person at the client answers an elicitation, when the client offers it. */
export type Elicit = (message: string) => {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, unknown>;
};

/** Client options. */
export interface ClientOptions {
  /** The SDK line: 2.x, 1.x (1.32, the 2025-11-25 revision) or `old` (1.17.5, the 2025-06-18 revision). */
  readonly sdk: 1 | 2 | 'old';
  /** 2.x only: negotiate the 2026-07-28 revision where the server offers it. */
  readonly modern?: boolean;
  /** Offer elicitation and answer it so. */
  readonly elicit?: Elicit;
}

/** Connects a client to the proxy started with `proxyArgs` over stdio, with `AIRLOCK_HOME=home`. */
export async function stdioClient(
  home: string,
  proxyArgs: readonly string[],
  options: ClientOptions,
): Promise<TestClient> {
  const launch = airlock(['proxy', ...proxyArgs]);
  const env = { ...process.env, AIRLOCK_HOME: home, CI: '' } as Record<string, string>;
  const transport =
    options.sdk === 'old'
      ? new StdioOld({ ...launch, env, stderr: 'pipe' })
      : options.sdk === 1
        ? new Stdio1({ ...launch, env, stderr: 'pipe' })
        : new Stdio2({ ...launch, env, stderr: 'pipe' });
  transport.stderr?.on('data', () => undefined);
  return connect(transport, options);
}

/** Connects a client to a proxy listening at `url`. */
export async function httpClient(url: string, options: ClientOptions): Promise<TestClient> {
  const transport =
    options.sdk === 'old'
      ? new HttpOld(new URL(url))
      : options.sdk === 1
        ? new Http1(new URL(url))
        : new Http2(new URL(url));
  return connect(transport, options);
}

async function connect(transport: unknown, options: ClientOptions): Promise<TestClient> {
  const capabilities = options.elicit === undefined ? {} : { elicitation: { form: {} } };
  if (options.sdk === 'old') {
    const client = new ClientOld({ name: 'test-client', version: '0.9.0' }, { capabilities: {} });
    await client.connect(transport as StdioOld);
    return {
      listTools: () => client.listTools() as never,
      callTool: (name, args = {}) => client.callTool({ name, arguments: args }) as Promise<CallResult>,
      readResource: (uri) => client.readResource({ uri }) as Promise<ReadResult>,
      toolsChanged: () => 0,
      close: () => client.close(),
    };
  }
  if (options.sdk === 1) {
    const client = new Client1({ name: 'test-client', version: '1.0.0' }, { capabilities });
    if (options.elicit !== undefined) {
      const answer = options.elicit;
      client.setRequestHandler(ElicitRequestSchema, (request) => answer(request.params.message));
    }
    let changes = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      changes++;
    });
    await client.connect(transport as Stdio1);
    return {
      listTools: () => client.listTools() as never,
      callTool: (name, args = {}) => client.callTool({ name, arguments: args }) as Promise<CallResult>,
      readResource: (uri) => client.readResource({ uri }) as Promise<ReadResult>,
      toolsChanged: () => changes,
      close: () => client.close(),
    };
  }
  const negotiation = options.modern === true ? { versionNegotiation: { mode: 'auto' as const } } : {};
  const client = new Client2({ name: 'test-client', version: '2.0.0' }, { capabilities, ...negotiation });
  if (options.elicit !== undefined) {
    const answer = options.elicit;
    client.setRequestHandler('elicitation/create', (request) => answer(request.params.message) as never);
  }
  let changes = 0;
  client.setNotificationHandler('notifications/tools/list_changed', () => {
    changes++;
  });
  await client.connect(transport as Stdio2);
  return {
    listTools: () => client.listTools({}, { cacheMode: 'bypass' }) as never,
    callTool: (name, args = {}) => client.callTool({ name, arguments: args }) as Promise<CallResult>,
    readResource: (uri) => client.readResource({ uri }) as Promise<ReadResult>,
    toolsChanged: () => changes,
    close: () => client.close(),
  };
}

/** A proxy started with `--listen 127.0.0.1:0`, and the URL it printed. */
export interface ListeningProxy {
  readonly url: string;
  readonly child: ChildProcess;
  /** Everything the proxy wrote on standard error so far. */
  readonly stderr: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `airlock proxy --listen 127.0.0.1:0 …` and waits for the URL it prints. */
export async function listeningProxy(
  home: string,
  proxyArgs: readonly string[],
  env: Record<string, string> = {},
): Promise<ListeningProxy> {
  const launch = airlock(['proxy', '--listen', '127.0.0.1:0', ...proxyArgs]);
  const child = spawn(launch.command, launch.args, {
    env: { ...process.env, AIRLOCK_HOME: home, CI: '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`the proxy printed no URL: ${stderr}`));
    }, 30_000);
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      const found = /listening on (http:\/\/\S+)/.exec(stderr);
      if (found?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    });
    void exited.then(() => {
      reject(new Error(`the proxy exited: ${stderr}`));
    });
  });
  return {
    url,
    child,
    stderr: () => stderr,
    stop(signal = 'SIGTERM') {
      child.kill(signal);
      return exited;
    },
  };
}

/** The text of every content block of a result, joined. */
export function textOf(result: CallResult): string {
  return result.content.map((block) => block.text ?? '').join('\n');
}

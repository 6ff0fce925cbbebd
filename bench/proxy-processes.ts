// The load benchmark's processes: server-everything over Streamable HTTP, and the built `airlock proxy` before it.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { projectRoot } from './harness.js';

/** How long a process may take to say it listens, and to exit once asked to. */
const START_MS = 30_000;
const STOP_MS = 10_000;

/** A process that listens on an MCP endpoint. */
export interface Listening {
  readonly url: string;
  /** What it wrote on standard error (the proxy's operator lines), for a failure message. */
  readonly stderr: () => string;
  /** Asks it to stop (SIGTERM) and resolves with its exit code once it has (SIGKILL after the deadline). */
  stop(): Promise<number | null>;
}

const require = createRequire(import.meta.url);

/** The entry script of server-everything (its `bin`). */
function everythingScript(): string {
  const manifest = require.resolve('@modelcontextprotocol/server-everything/package.json');
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: Record<string, string> };
  return join(dirname(manifest), Object.values(bin)[0] ?? '');
}

/** A free local TCP port (closed again before it is returned). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => {
        resolve(port);
      });
    });
  });
}

/**
 * Spawns `node ARGS` and resolves once its output matches `ready` (whose first group is the URL or port,
 * turned into the URL by `url`); its output is read to the end so a chatty server never blocks on a full pipe.
 * `name` says which process failed.
 */
function spawnListening(
  name: string,
  args: readonly string[],
  env: Record<string, string>,
  ready: RegExp,
  url: (found: string) => string,
): Promise<Listening> {
  const child = spawn(process.execPath, [...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let seen = '';
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    if (seen.length < 4096) seen += text;
  });
  child.stderr.on('data', (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    if (seen.length < 4096) seen += text;
    if (stderr.length < 16_384) stderr += text;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} did not start listening within ${String(START_MS)} ms`));
    }, START_MS);
    const watch = () => {
      const found = ready.exec(seen)?.[1];
      if (found === undefined) return;
      clearTimeout(timer);
      child.stdout.off('data', watch);
      child.stderr.off('data', watch);
      const stopping = () => stop(child, exited);
      resolve({ url: url(found), stderr: () => stderr, stop: stopping });
    };
    child.stdout.on('data', watch);
    child.stderr.on('data', watch);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${String(code)}) before listening:\n${stderr}`));
    });
  });
}

async function stop(child: ChildProcess, exited: Promise<number | null>): Promise<number | null> {
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_MS);
  const code = await exited;
  clearTimeout(timer);
  return code;
}

/** Starts server-everything in its Streamable HTTP mode on a free port. */
export async function startEverything(): Promise<Listening> {
  const port = await freePort();
  return spawnListening(
    'server-everything',
    [everythingScript(), 'streamableHttp'],
    { PORT: String(port) },
    /listening on port (\d+)/,
    (found) => `http://127.0.0.1:${found}/mcp`,
  );
}

/**
 * Starts the built `airlock proxy` (dist, as installed) listening on a free loopback port in front of
 * server-everything, which it spawns and speaks to over stdio (`airlock proxy --listen 127.0.0.1:0 -- node
 * server-everything`); every tool approved on first use, its SQLite store, key file and audit log under
 * `home`. `nodeOptions` go to the proxy's node (a CPU profile, say).
 */
export function startProxy(home: string, nodeOptions: readonly string[] = []): Promise<Listening> {
  const bin = join(projectRoot(), 'dist/src/cli/bin.js');
  const args = [
    '--listen',
    '127.0.0.1:0',
    '--approve',
    'first-use',
    '--',
    process.execPath,
    everythingScript(),
  ];
  return spawnListening(
    'airlock proxy',
    [...nodeOptions, bin, 'proxy', ...args],
    { AIRLOCK_HOME: home, CI: '' },
    /listening on (http:\/\/\S+)/,
    (found) => found,
  );
}

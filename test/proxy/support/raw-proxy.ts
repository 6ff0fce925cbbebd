// A proxy launched as a client application launches it, spoken to by hand: its exit code, signals, its server's process.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { airlock, BIN } from './clients.js';

const TSX = import.meta.resolve('tsx');

const BAD_SERVER = fileURLToPath(new URL('../servers/bad-server.ts', import.meta.url));

/** The misbehaving server (test/proxy/servers/bad-server.ts), writing its process ids to `pidFile`. */
export function badServer(pidFile: string, ...flags: string[]): readonly string[] {
  return [process.execPath, '--import', TSX, BAD_SERVER, '--pid-file', pidFile, ...flags];
}

let turns: Promise<unknown> = Promise.resolve();

/**
 * Runs `start` once every start asked for before it has settled: proxies (and their servers) start one at a
 * time, so concurrent tests do not push a server's handshake past the short deadlines these tests use.
 */
export function startInTurn<T>(start: () => Promise<T>): Promise<T> {
  const turn = turns.then(start, start);
  turns = turn.catch(() => undefined);
  return turn;
}

/** A config file in `home` that sets the proxy's deadline of one upstream call (and of the handshake). */
export function deadlineConfig(home: string, timeoutMs: number): string {
  const path = join(home, 'airlock.config.json');
  writeFileSync(path, JSON.stringify({ limits: { timeoutMs } }));
  return path;
}

/** A JSON-RPC response as the proxy wrote it. */
export type Response = Record<string, unknown>;

/** A proxy process with its standard input and output in the test's hands. */
export interface RawProxy {
  readonly child: ChildProcessWithoutNullStreams;
  /** Resolves to the exit code (null when a signal ended it). */
  readonly exited: Promise<number | null>;
  /** Sends a request with the next id and resolves to its response. */
  request(method: string, params?: Record<string, unknown>): Promise<Response>;
  notify(method: string): void;
  /** Everything the proxy wrote on standard error so far. */
  stderr(): string;
}

/** Starts `airlock proxy ARGS` with `AIRLOCK_HOME=home`, its standard streams piped to the test. */
export function spawnProxy(home: string, args: readonly string[]): RawProxy {
  const launch = airlock(['proxy', ...args]);
  const child = spawn(launch.command, launch.args, {
    env: { ...process.env, AIRLOCK_HOME: home, CI: '' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const waiting = new Map<number, (response: Response) => void>();
  let buffered = '';
  let errors = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      const message = JSON.parse(line) as Response;
      if (typeof message.id === 'number') waiting.get(message.id)?.(message);
    }
  });
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let next = 0;
  const write = (message: object) => child.stdin.write(JSON.stringify({ jsonrpc: '2.0', ...message }) + '\n');
  return {
    child,
    exited,
    request(method, params = {}) {
      const id = ++next;
      const answered = new Promise<Response>((resolve) => waiting.set(id, resolve));
      write({ id, method, params });
      return answered;
    },
    notify: (method) => write({ method }),
    stderr: () => errors,
  };
}

/** The 2025 handshake, as a client without capabilities runs it. */
export async function handshake(proxy: RawProxy): Promise<void> {
  const clientInfo = { name: 'raw-client', version: '1.0.0' };
  await proxy.request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo });
  proxy.notify('notifications/initialized');
}

/** The server's process id and its parent's (the proxy that spawned it), when it has written them. */
export function writtenProcess(pidFile: string): { pid: number; ppid: number } | undefined {
  const text = existsSync(pidFile) ? readFileSync(pidFile, 'utf8') : '';
  return text === '' ? undefined : (JSON.parse(text) as { pid: number; ppid: number });
}

/** The server's process ids, once it has written them (within a minute: a loaded machine starts tsx slowly). */
export async function serverProcess(pidFile: string): Promise<{ pid: number; ppid: number }> {
  for (let waited = 0; waited < 60_000; waited += 50) {
    const found = writtenProcess(pidFile);
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the server never started');
}

/** True when the process has ended (a zombie no one has reaped yet has ended too). */
export function gone(pid: number): boolean {
  if (existsSync('/proc/self/status')) {
    try {
      return /^State:\s+Z/m.test(readFileSync(`/proc/${String(pid)}/status`, 'utf8'));
    } catch {
      return true;
    }
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}

/**
 * Kills a process a test started when it is still there (a test that failed half-way leaves none behind): only
 * a proxy or a bad server, by its command line (Linux), so a process id used again is never someone else's.
 */
export function reap(pid: number | undefined): void {
  if (pid === undefined || gone(pid)) return;
  let command: string;
  try {
    command = readFileSync(`/proc/${String(pid)}/cmdline`, 'utf8');
  } catch {
    return;
  }
  if (command.includes(BAD_SERVER) || command.includes(BIN)) process.kill(pid, 'SIGKILL');
}

/** The process's peak resident memory so far, in MiB (Linux: VmHWM), or undefined where it cannot be read. */
export function peakRssMiB(pid: number): number | undefined {
  try {
    const found = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${String(pid)}/status`, 'utf8'));
    return found?.[1] === undefined ? undefined : Number(found[1]) / 1024;
  } catch {
    return undefined;
  }
}

/** Starts `work` and resolves to its value and how many milliseconds it took. */
export async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await work();
  return { value, ms: performance.now() - start };
}

// An MCP server as a child process: newline-delimited JSON-RPC over its pipes, framed and bounded before anyone parses it.
import { spawn, type ChildProcess } from 'node:child_process';
import { createChannel } from './channel.js';
import type { JsonRpcMessage } from './json-rpc.js';
import { LineSplitter } from './line-splitter.js';
import {
  checkCeiling,
  DEFAULT_MAX_MESSAGE_BYTES,
  type AirlockTransport,
  type Frame,
  type Link,
} from './types.js';

/** Options of {@link stdioTransport}. */
export interface StdioTransportOptions {
  /** The executable (no shell is involved). */
  readonly command: string;
  readonly args?: readonly string[];
  /** Variables added to the inherited safe subset (`HOME`, `PATH`, `USER` … — never the whole environment). */
  readonly env?: Readonly<Record<string, string>>;
  readonly cwd?: string;
  /** The server's standard error: discarded (default) or shown on this process's. */
  readonly stderr?: 'ignore' | 'inherit';
  /** Ceiling on one received message, in bytes. Default 4 MiB. */
  readonly maxMessageBytes?: number;
  /** How long `close` waits for the process at each step (end of input, SIGTERM) before the next. Default 2 s. */
  readonly closeTimeoutMs?: number;
}

/** Bytes of a message kept beyond the ceiling, so the head of a reply's `result` still crosses it. */
export const HEAD_SLACK_BYTES = 4096;

const SAFE_VARIABLES =
  process.platform === 'win32'
    ? [
        'APPDATA',
        'HOMEDRIVE',
        'HOMEPATH',
        'LOCALAPPDATA',
        'PATH',
        'PROCESSOR_ARCHITECTURE',
        'SYSTEMDRIVE',
        'SYSTEMROOT',
        'TEMP',
        'USERNAME',
        'USERPROFILE',
        'PROGRAMFILES',
      ]
    : ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER'];

/** The transport {@link stdioTransport} returns: an Airlock transport that also tells which process it runs. */
export interface StdioAirlockTransport extends AirlockTransport {
  /** The server's process id once started (undefined before, or when it could not be spawned). */
  readonly pid: number | undefined;
  /** Always null: the server's standard error is discarded or inherited, never piped to this process. */
  readonly stderr: null;
}

/**
 * Spawns an MCP server and speaks to it over stdio. Its standard output is split into lines by this
 * transport, not by the SDK: a line is held only up to `maxMessageBytes`, so an oversized reply is skipped
 * in bounded memory (its request ends as too large) and the connection stays usable. Connect an SDK
 * `Client` (1.x or 2.x) to it as to any transport; the Airlock adapter uses its side channel. A 2.x `Client`
 * tells a stdio transport by its `pid` and `stderr`: when its version probe gets no answer there, it falls
 * back to the 2025 handshake instead of failing.
 */
export function stdioTransport(options: StdioTransportOptions): StdioAirlockTransport {
  const max = checkCeiling(options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES);
  const link = stdioLink(options, max);
  return Object.defineProperties(createChannel(link, max), {
    pid: { get: () => link.pid, enumerable: true },
    stderr: { value: null, enumerable: true },
  }) as StdioAirlockTransport;
}

function stdioLink(options: StdioTransportOptions, max: number): Link & { readonly pid: number | undefined } {
  const closeTimeoutMs = options.closeTimeoutMs ?? 2000;
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  return {
    get pid() {
      return child?.pid;
    },
    async start(deliver, closed, failed) {
      const splitter = new LineSplitter(max, max + 1 + HEAD_SLACK_BYTES);
      const process_ = spawn(options.command, [...(options.args ?? [])], {
        stdio: ['pipe', 'pipe', options.stderr ?? 'ignore'],
        env: { ...safeEnvironment(), ...options.env },
        ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
        shell: false,
        windowsHide: true,
      });
      child = process_;
      exited = new Promise((resolve) =>
        process_.once('close', () => {
          resolve();
        }),
      );
      void exited.then(closed);
      process_.stdout.on('data', (chunk: Buffer) => {
        splitter.push(chunk, (event) => {
          deliver(event.kind === 'line' ? ({ kind: 'message', bytes: event.bytes } satisfies Frame) : event);
        });
      });
      // Either pipe can fail (the server closed it, the system refused a write): the link fails, the process lives.
      for (const pipe of [process_.stdin, process_.stdout])
        pipe.on('error', (error) => {
          failed(error);
        });
      await new Promise<void>((resolve, reject) => {
        process_.once('spawn', resolve);
        process_.once('error', reject);
      });
      process_.on('error', (error) => {
        failed(error);
      });
    },
    send(message: JsonRpcMessage) {
      const stdin = child?.stdin;
      if (stdin === null || stdin === undefined || !stdin.writable)
        return Promise.reject(new Error('Not connected'));
      return new Promise<void>((resolve, reject) => {
        stdin.write(JSON.stringify(message) + '\n', (error) => {
          if (error) reject(error);
          else resolve();
        });
      });
    },
    async close() {
      const running = child;
      if (running === undefined || running.exitCode !== null || running.signalCode !== null) return;
      running.stdin?.end();
      for (const signal of [undefined, 'SIGTERM', 'SIGKILL'] as const) {
        if (signal !== undefined) running.kill(signal);
        if (await settlesWithin(exited, closeTimeoutMs)) return;
      }
    },
  };
}

/** The variables a server inherits: a fixed safe subset, never values that are shell functions. */
function safeEnvironment(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of SAFE_VARIABLES) {
    const value = process.env[name];
    if (value !== undefined && !value.startsWith('()')) env[name] = value;
  }
  return env;
}

function settlesWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      resolve(false);
    }, ms);
    void promise.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

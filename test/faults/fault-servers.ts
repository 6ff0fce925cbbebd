// Servers the fault tests control: a private Redis they can freeze with SIGSTOP, a freezable TCP proxy, a dead port.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { IN_CI } from '../support/corpora.js';

/** A port on the loopback interface that nothing listens on (free a moment ago). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) =>
    server.close(() => {
      resolve();
    }),
  );
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** True once something accepts TCP connections on the port, polling for at most `waitMs`. */
async function listening(port: number, waitMs: number): Promise<boolean> {
  const until = Date.now() + waitMs;
  while (Date.now() < until) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port });
      const done = (result: boolean): void => {
        socket.destroy();
        resolve(result);
      };
      socket.once('connect', () => {
        done(true);
      });
      socket.once('error', () => {
        done(false);
      });
    });
    if (ok) return true;
    await sleep(50);
  }
  return false;
}

/** A private redis-server: no persistence, its own port and folder. */
export interface PrivateRedis {
  readonly port: number;
  /** Freezes the server (SIGSTOP): connections stay open, nothing answers. */
  freeze(): void;
  /** Lets it run again (SIGCONT). */
  thaw(): void;
  /** Stops it and removes its folder. */
  stop(): Promise<void>;
}

/**
 * Starts `redis-server` on a free port, or returns `undefined` (with the reason printed) when the binary is
 * missing outside CI; in CI a missing binary throws.
 */
export async function startPrivateRedis(): Promise<PrivateRedis | undefined> {
  if (spawnSync('redis-server', ['--version']).status !== 0) {
    const reason = 'redis-server is not installed';
    if (IN_CI) throw new Error(`${reason}; CI must run with it`);
    console.warn(`skipping Redis fault tests: ${reason}`);
    return undefined;
  }
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'airlock-fault-redis-'));
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      resolve();
    }),
  );
  if (!(await listening(port, 5_000))) throw new Error('the private redis-server did not start');
  const signal = (name: NodeJS.Signals): void => {
    if (child.exitCode === null) child.kill(name);
  };
  return {
    port,
    freeze: () => {
      signal('SIGSTOP');
    },
    thaw: () => {
      signal('SIGCONT');
    },
    async stop() {
      signal('SIGCONT');
      signal('SIGTERM');
      await Promise.race([exited, sleep(5_000)]);
      signal('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A TCP proxy to a real server that a test can freeze: bytes stop flowing both ways, connections stay open. */
export interface FreezableProxy {
  readonly port: number;
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
}

/**
 * Starts a proxy on a free loopback port forwarding every connection to `host:port`. While frozen, sockets
 * are paused and any chunk already read is held back, so nothing reaches either side until `thaw`.
 */
export async function startProxy(host: string, port: number): Promise<FreezableProxy> {
  const sockets = new Set<Socket>();
  const held: Array<readonly [Socket, Buffer]> = [];
  let frozen = false;
  const forward = (from: Socket, to: Socket): void => {
    sockets.add(from);
    from.once('close', () => {
      sockets.delete(from);
      to.destroy();
    });
    from.on('error', () => from.destroy());
    from.on('data', (chunk: Buffer) => {
      if (frozen) held.push([to, chunk]);
      else to.write(chunk);
    });
    if (frozen) from.pause();
  };
  const server: Server = createServer((client) => {
    const upstream = connect({ host, port });
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    freeze() {
      frozen = true;
      for (const socket of sockets) socket.pause();
    },
    thaw() {
      frozen = false;
      for (const [to, chunk] of held.splice(0)) to.write(chunk);
      for (const socket of sockets) socket.resume();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      );
    },
  };
}

// `airlock proxy` stopping: SIGINT, SIGTERM, a client closing stdin, a server that never starts; its server goes with it.
import { join } from 'node:path';
import { existsSync, statSync } from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import { freshHome, httpClient, listeningProxy, stdioClient } from './support/clients.js';
import {
  badServer,
  deadlineConfig,
  gone,
  handshake,
  reap,
  serverProcess,
  spawnProxy,
  timed,
  writtenProcess,
  type RawProxy,
} from './support/raw-proxy.js';

/** What "promptly" allows on a loaded machine. */
const PROMPT_MS = 3000;
/** How long the proxy gives a server that ignores the end of its input and SIGTERM before SIGKILL (two steps). */
const STUBBORN_MS = 2000;
/** The deadline of the tests where the handshake must time out. */
const DEADLINE_MS = 4000;

const PROXY_ARGS = ['--name', 'bad', '--approve', 'first-use'];

/** Every process a test here started: whatever a failed test left running is killed at the end. */
const started: Array<number | undefined> = [];
afterAll(() => {
  for (const pid of started) reap(pid);
});

/** A proxy started by hand, remembered for the clean-up. */
function proxyProcess(home: string, args: readonly string[]): RawProxy {
  const proxy = spawnProxy(home, args);
  started.push(proxy.child.pid);
  return proxy;
}

/** The server's process id once it runs, remembered for the clean-up. */
async function serverOf(pidFile: string): Promise<number> {
  const { pid } = await serverProcess(pidFile);
  started.push(pid);
  return pid;
}

/** A stdio proxy in front of the bad server, its handshake done and a call that never ends in flight. */
async function busyStdioProxy(...flags: string[]): Promise<{ proxy: RawProxy; server: number }> {
  const home = freshHome();
  const pidFile = join(home, 'server.json');
  const proxy = proxyProcess(home, [...PROXY_ARGS, '--', ...badServer(pidFile, ...flags)]);
  await handshake(proxy);
  await proxy.request('tools/list');
  void proxy.request('tools/call', { name: 'hang', arguments: {} });
  // The server answers in order: once `ok` is answered, `hang` is in its hands.
  const ok = await proxy.request('tools/call', { name: 'ok', arguments: {} });
  expect(ok.result).toMatchObject({ content: [{ type: 'text' }] });
  return { proxy, server: await serverOf(pidFile) };
}

/** Stops the proxy with `stop` and expects exit code 0 within `withinMs`, and its server gone by then. */
async function expectStopped(
  proxy: { readonly exited: Promise<number | null> },
  server: number,
  stop: () => void,
  withinMs: number,
): Promise<void> {
  const exit = await timed(async () => {
    stop();
    return proxy.exited;
  });
  expect(exit.value).toBe(0);
  expect(exit.ms).toBeLessThan(withinMs);
  expect(gone(server)).toBe(true);
}

describe.concurrent('stopping a stdio proxy', { timeout: 120_000 }, () => {
  test('SIGINT with a call in flight: exit 0 at once, the server ended', async () => {
    const { proxy, server } = await busyStdioProxy();
    await expectStopped(proxy, server, () => proxy.child.kill('SIGINT'), PROMPT_MS);
  });

  test('SIGTERM with a call in flight, a server that ignores SIGTERM and its end of input: exit 0, the server killed', async () => {
    const { proxy, server } = await busyStdioProxy('--stubborn');
    await expectStopped(proxy, server, () => proxy.child.kill('SIGTERM'), STUBBORN_MS + PROMPT_MS);
  });

  test('the client closes stdin with a call in flight: exit 0 at once, the server ended', async () => {
    const { proxy, server } = await busyStdioProxy();
    await expectStopped(proxy, server, () => proxy.child.stdin.end(), PROMPT_MS);
  });

  for (const sdk of [1, 2] as const) {
    test(`an SDK ${String(sdk)}.x client closing, a stubborn server: the server is gone before the SDK would kill the proxy`, async () => {
      // The SDKs end the proxy's input, send SIGTERM 2 s later and SIGKILL 2 s after that: a proxy killed so
      // could not end its server.
      const home = freshHome();
      const pidFile = join(home, 'server.json');
      const args = [...PROXY_ARGS, '--', ...badServer(pidFile, '--stubborn')];
      const client = await stdioClient(home, args, { sdk });
      await client.listTools();
      await client.callTool('ok');
      const pid = await serverOf(pidFile);
      const close = await timed(() => client.close());
      expect(gone(pid)).toBe(true);
      expect(close.ms).toBeLessThan(4000);
    });
  }

  test('the client closes stdin before saying anything: exit 0, no server started', async () => {
    const home = freshHome();
    const pidFile = join(home, 'server.json');
    const proxy = proxyProcess(home, [...PROXY_ARGS, '--', ...badServer(pidFile)]);
    proxy.child.stdin.end();
    expect(await proxy.exited).toBe(0);
    expect(existsSync(pidFile)).toBe(false);
  });

  test('SIGTERM while the server has not answered its handshake (30 s deadline): exit 0 at once, the server ended', async () => {
    const home = freshHome();
    const pidFile = join(home, 'server.json');
    const proxy = proxyProcess(home, [...PROXY_ARGS, '--', ...badServer(pidFile, '--silent')]);
    void handshake(proxy);
    const pid = await serverOf(pidFile);
    await expectStopped(proxy, pid, () => proxy.child.kill('SIGTERM'), PROMPT_MS);
  });
});

describe.concurrent('stopping a --listen proxy', { timeout: 120_000 }, () => {
  for (const [signal, flags] of [
    ['SIGINT', []],
    ['SIGTERM', ['--stubborn']],
  ] as const) {
    test(`${signal} with a call in flight${flags.length > 0 ? ', a stubborn server' : ''}: exit 0, the server ended`, async () => {
      const home = freshHome();
      const pidFile = join(home, 'server.json');
      const proxy = await listeningProxy(home, [...PROXY_ARGS, '--', ...badServer(pidFile, ...flags)]);
      started.push(proxy.child.pid);
      const client = await httpClient(proxy.url, { sdk: 2 });
      await client.listTools();
      const inFlight = client.callTool('hang').then(
        () => 'answered',
        () => 'failed',
      );
      await client.callTool('ok');
      const pid = await serverOf(pidFile);
      const exit = await timed(() => proxy.stop(signal));
      expect(exit.value).toBe(0);
      expect(exit.ms).toBeLessThan(STUBBORN_MS + PROMPT_MS);
      expect(gone(pid)).toBe(true);
      expect(await inFlight).toBe('failed');
    });
  }

  test('SIGTERM while the server has not answered its handshake (30 s deadline): exit 0 at once, the server ended', async () => {
    const home = freshHome();
    const pidFile = join(home, 'server.json');
    const args = ['--listen', '127.0.0.1:0', ...PROXY_ARGS, '--', ...badServer(pidFile, '--silent')];
    const proxy = proxyProcess(home, args);
    const pid = await serverOf(pidFile);
    await new Promise((resolve) => setTimeout(resolve, 300)); // the handshake under way
    await expectStopped(proxy, pid, () => proxy.child.kill('SIGTERM'), PROMPT_MS);
    expect(proxy.stderr()).not.toContain('listening on');
  });
});

describe.concurrent('a server that never starts', { timeout: 120_000 }, () => {
  const servers = [
    ['never answers its handshake (and ignores signals)', ['--silent', '--stubborn']],
    ['floods garbage without end', ['--flood-at-start', '1000000']],
  ] as const;
  const fronts = [
    ['stdio', []],
    ['--listen', ['--listen', '127.0.0.1:0']],
  ] as const;
  for (const [what, flags] of servers)
    for (const [front, listen] of fronts)
      test(`${front}, a server that ${what}: exit 1 after the deadline, saying so, the server ended`, async () => {
        const home = freshHome();
        const pidFile = join(home, 'server.json');
        const config = ['--config', deadlineConfig(home, DEADLINE_MS), ...listen, ...PROXY_ARGS];
        const proxy = proxyProcess(home, [...config, '--', ...badServer(pidFile, ...flags)]);
        if (listen.length === 0) void handshake(proxy);
        expect(await proxy.exited).toBe(1);
        const exited = Date.now();
        expect(proxy.stderr()).toContain(
          'the server could not be started or did not answer (REQUEST_TIMEOUT)',
        );
        expect(proxy.stderr()).not.toContain('unexpected error');
        // A server not even started by the deadline (a loaded machine) wrote nothing: there is none to end.
        const server = writtenProcess(pidFile);
        started.push(server?.pid);
        expect(server === undefined || gone(server.pid)).toBe(true);
        // Timed from the server's start (when it wrote its file): the deadline, then ending the server.
        const ran = server === undefined ? 0 : exited - statSync(pidFile).mtimeMs;
        expect(ran).toBeLessThan(DEADLINE_MS + STUBBORN_MS + PROMPT_MS);
      });
});

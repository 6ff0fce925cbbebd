// Unmodified SDK clients through `airlock proxy` in front of a server that crashes, hangs, floods, lies and overflows.
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import {
  freshHome,
  httpClient,
  listeningProxy,
  stdioClient,
  textOf,
  type CallResult,
  type ClientOptions,
  type TestClient,
} from './support/clients.js';
import {
  badServer,
  deadlineConfig,
  gone,
  peakRssMiB,
  reap,
  serverProcess,
  startInTurn,
  timed,
} from './support/raw-proxy.js';

/** The proxy's deadline of one upstream call in these tests (limits.timeoutMs). */
const DEADLINE_MS = 5000;
/** What "at once" and "promptly" allow on a loaded machine, beyond any deadline. */
const SLACK_MS = 3000;
/** The size of the largest result the memory check streams, in megabytes. */
const LARGEST_MB = 400;
/**
 * How much the proxy's peak memory may grow while it skips 16 MB of garbage and refuses results of 100 and
 * 400 MB: a third of the largest, so a proxy that held a result whole could not pass.
 */
const GROWTH_MIB = 128;

/** A client through a proxy in front of the bad server, the proxy's process id, and how the session ends. */
interface Session {
  readonly client: TestClient;
  readonly proxy: number;
  /** The tools the client was shown (listed first: that approves them). */
  readonly tools: readonly string[];
  /** Closes the client and stops the proxy; resolves to the proxy's exit code when the test sees it. */
  readonly end: () => Promise<number | null | undefined>;
}

/** Every process a session started: whatever a test that failed half-way left running is killed at the end. */
const processes: Array<number | undefined> = [];
afterAll(() => {
  for (const pid of processes) reap(pid);
});

/** Starts the proxy over stdio (launched by the client) or `--listen`, with a short deadline, in turn. */
function session(front: 'stdio' | 'listen', options: ClientOptions, ...flags: string[]): Promise<Session> {
  return startInTurn(() => started(front, options, flags));
}

async function started(
  front: 'stdio' | 'listen',
  options: ClientOptions,
  flags: readonly string[],
): Promise<Session> {
  const home = freshHome();
  const pidFile = join(home, 'server.json');
  const config = deadlineConfig(home, DEADLINE_MS);
  const args = [
    '--config',
    config,
    '--name',
    'bad',
    '--approve',
    'first-use',
    '--',
    ...badServer(pidFile, ...flags),
  ];
  if (front === 'stdio') {
    const client = await stdioClient(home, args, options);
    // Listed before the server's process is read: a client probing the era first starts a proxy of its own
    // for the probe, whose server writes the file first.
    const tools = await listed(client);
    const { pid, ppid } = await serverProcess(pidFile);
    processes.push(ppid, pid);
    return { client, proxy: ppid, tools, end: () => client.close().then(() => undefined) };
  }
  const proxy = await listeningProxy(home, args);
  processes.push(proxy.child.pid);
  const client = await httpClient(proxy.url, options);
  const tools = await listed(client);
  processes.push((await serverProcess(pidFile)).pid);
  return {
    client,
    proxy: proxy.child.pid ?? 0,
    tools,
    end: () => client.close().then(() => proxy.stop('SIGTERM')),
  };
}

async function listed(client: TestClient): Promise<readonly string[]> {
  return (await client.listTools()).tools.map((tool) => tool.name).sort();
}

/** One error, the proxy's own words naming the agent code, and nothing else. */
function expectRefused(result: CallResult, code: string): void {
  expect(result.isError).toBe(true);
  expect(result.content).toHaveLength(1);
  expect(textOf(result)).toMatch(new RegExp(`^Airlock refused this tool result: ${code}[ .]`));
}

/** A normal answer, inside an untrusted boundary. */
function expectAnswer(result: CallResult, text: string): void {
  expect(result.isError).not.toBe(true);
  expect(textOf(result)).toMatch(new RegExp(`^<untrusted-[0-9a-f]{24} [^>]*>\\n${text}\\n</untrusted-`));
}

async function expectOk(client: TestClient): Promise<void> {
  const ok = await timed(() => client.callTool('ok'));
  expectAnswer(ok.value, 'ok \\d+');
  expect(ok.ms).toBeLessThan(SLACK_MS);
}

/** Calls that never get a usable reply end as `timeout` at the deadline, while other calls are answered. */
async function expectDeadlines(client: TestClient): Promise<void> {
  const silent = [
    timed(() => client.callTool('hang')),
    timed(() => client.callTool('invalid', { kind: 'wrong-id' })),
    timed(() => client.callTool('invalid', { kind: 'not-json' })),
  ];
  await expectOk(client);
  for (const call of await Promise.all(silent)) {
    expectRefused(call.value, 'timeout');
    expect(call.ms).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
    expect(call.ms).toBeLessThan(DEADLINE_MS + SLACK_MS);
  }
}

/** Replies that break JSON-RPC or JSON end as one error each, at once. */
async function expectMalformed(client: TestClient): Promise<void> {
  const cases = [
    ['both', 'upstream_error'],
    ['not-object', 'schema_mismatch'],
    ['broken', 'invalid_json'],
  ] as const;
  for (const [kind, code] of cases) {
    const call = await timed(() => client.callTool('invalid', { kind }));
    expectRefused(call.value, code);
    expect(call.ms).toBeLessThan(SLACK_MS);
  }
}

/** Garbage is skipped and results of 100 and 400 MB refused, the proxy's peak memory growing by far less. */
async function expectBoundedMemory(client: TestClient, proxy: number): Promise<void> {
  const before = peakRssMiB(proxy) ?? 0;
  const flood = await timed(() => client.callTool('flood'));
  expectAnswer(flood.value, 'flood done');
  await expectOk(client);
  for (const args of [{}, { megabytes: LARGEST_MB }]) {
    const huge = await timed(() => client.callTool('huge', args));
    expectRefused(huge.value, 'result_too_large');
    expect(huge.ms).toBeLessThan(DEADLINE_MS + SLACK_MS);
    await expectOk(client);
  }
  const growth = (peakRssMiB(proxy) ?? before) - before;
  expect(growth).toBeLessThan(GROWTH_MIB);
}

/** After the server crashed mid-answer, that call and every later one fail at once; listings fail too. */
async function expectCrash(client: TestClient): Promise<void> {
  const crash = await timed(() => client.callTool('crash'));
  expectRefused(crash.value, 'upstream_error');
  expect(crash.ms).toBeLessThan(SLACK_MS);
  for (let i = 0; i < 2; i++) {
    const after = await timed(() => client.callTool('ok'));
    expect(after.value.isError).toBe(true);
    expect(textOf(after.value)).toBe(
      'Airlock refused this call: the server has exited (upstream_error); it is unavailable until the proxy is restarted.',
    );
    expect(after.ms).toBeLessThan(1000);
  }
  const listing = await timed(() =>
    client.listTools().then(
      () => 'listed',
      () => 'refused',
    ),
  );
  expect(listing.value).toBe('refused');
  expect(listing.ms).toBeLessThan(1000);
}

const SESSIONS: ReadonlyArray<readonly [string, 'stdio' | 'listen', ClientOptions]> = [
  ['SDK 1.x over stdio', 'stdio', { sdk: 1 }],
  ['SDK 2.x over stdio', 'stdio', { sdk: 2 }],
  ['SDK 2.x on the 2026-07-28 revision over stdio', 'stdio', { sdk: 2, modern: true }],
  ['SDK 1.x over Streamable HTTP', 'listen', { sdk: 1 }],
  ['SDK 2.x over Streamable HTTP', 'listen', { sdk: 2 }],
];

describe.concurrent('a misbehaving server', () => {
  for (const [label, front, options] of SESSIONS) {
    test(
      `${label}: a hang, a wrong id and a non-JSON reply time out while ok is answered; malformed, huge and crashing replies are one error each`,
      { timeout: 180_000 },
      async () => {
        const { client, proxy, tools, end } = await session(front, options);
        try {
          expect(tools).toEqual(['crash', 'flood', 'hang', 'huge', 'invalid', 'ok']);
          await expectOk(client);
          await expectDeadlines(client);
          await expectMalformed(client);
          await expectOk(client);
          await expectBoundedMemory(client, proxy);
          await expectCrash(client);
        } finally {
          const code = await end();
          if (code !== undefined) expect(code).toBe(0);
        }
        expect(gone(proxy)).toBe(true);
      },
    );
  }

  test(
    'SDK 2.x over stdio: a server that floods 16 MB of garbage before its handshake is served normally',
    { timeout: 180_000 },
    async () => {
      const { client, proxy, tools, end } = await session('stdio', { sdk: 2 }, '--flood-at-start', '16');
      try {
        expect(tools).toHaveLength(6);
        await expectOk(client);
        const peak = peakRssMiB(proxy);
        if (peak !== undefined) expect(peak).toBeLessThan(512);
      } finally {
        await end();
      }
    },
  );
});

// A fleet: two `airlock proxy --listen` processes behind a round-robin share one store, pins, kill switch and vault.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serverAvailable } from '../support/servers.js';
import {
  freshHome,
  httpClient,
  textOf,
  type CallResult,
  type ClientOptions,
  type TestClient,
} from './support/clients.js';
import { runAirlock } from './support/cli.js';
import {
  callsServedBy,
  echoLoad,
  freshMessage,
  POSTGRES_FLEET,
  REDIS_FLEET,
  runId,
  startFleet,
  unreadableEvidence,
  type Fleet,
} from './support/fleet.js';

const CLIENT_KINDS: readonly ClientOptions[] = [{ sdk: 1 }, { sdk: 2 }, { sdk: 2, modern: true }];

/** Six clients under load, two of each kind. */
const LOAD_CLIENTS: readonly ClientOptions[] = [...CLIENT_KINDS, ...CLIENT_KINDS];

/** Acknowledged calls before one proxy is killed, and how long the load goes on after. */
const CALLS_BEFORE_KILL = 60;
const LOAD_AFTER_KILL_MS = 3_000;

/** Calls `tool` through the fleet, rotating through the clients, until both proxies served one; every result. */
async function callOnBoth(fleet: Fleet, clients: readonly TestClient[], tool: string): Promise<CallResult[]> {
  const results: CallResult[] = [];
  const served: number[] = [];
  for (let i = 0; i < 8 && new Set(served).size < 2; i++) {
    const from = fleet.balancer.log.length;
    const client = clients[i % clients.length]!;
    results.push(await client.callTool(tool, tool === 'echo' ? { message: freshMessage() } : {}));
    served.push(...callsServedBy(fleet.balancer, from));
  }
  expect(new Set(served)).toEqual(new Set([0, 1]));
  return results;
}

for (const backend of [POSTGRES_FLEET, REDIS_FLEET]) {
  const up = await serverAvailable(backend.server);
  describe.skipIf(!up)(`a fleet on ${backend.server.name}`, () => {
    const run = runId();
    const store = backend.store(run);
    let ops = '';
    let keyFile = '';
    let fleet: Fleet;
    let closeFleet = () => Promise.resolve();
    let clients: TestClient[] = [];
    const airlock = (args: readonly string[]) => runAirlock([...args, '--store', store], ops);

    beforeAll(async () => {
      ops = freshHome();
      keyFile = join(ops, 'keys.json');
      // The operator makes the one key file every proxy of the fleet shares, then starts them.
      const init = await airlock(['keys', 'rotate', '--init', '--key-file', keyFile]);
      expect(init.code, init.stderr).toBe(0);
      fleet = await startFleet(store, keyFile, 2);
      closeFleet = () => fleet.close();
      clients = await Promise.all(CLIENT_KINDS.map((options) => httpClient(fleet.balancer.url, options)));
    });
    afterAll(async () => {
      await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
      await closeFleet();
      await backend.drop(run);
      if (ops !== '') rmSync(ops, { recursive: true, force: true });
    });

    test('pins are shared: approved once, a tool is served by both proxies; one not approved is refused by both', async () => {
      for (const client of clients) expect((await client.listTools()).tools).toEqual([]);
      const pending = await airlock(['tools', 'pending']);
      expect(pending.code).toBe(1);
      expect(pending.stdout).toMatch(/^default\.echo\tnew\t[0-9a-f]{12}$/m);
      expect(await airlock(['tools', 'approve', 'default.echo'])).toMatchObject({ code: 0 });
      for (const client of clients)
        expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['echo']);
      const echoed = await callOnBoth(fleet, clients, 'echo');
      for (const result of echoed) {
        expect(result.isError).not.toBe(true);
        expect(textOf(result)).toMatch(/Echo: [a-z]{16}/);
      }
      const refused = await callOnBoth(fleet, clients, 'get-env');
      for (const result of refused) {
        expect(result.isError).toBe(true);
        expect(textOf(result)).toContain('airlock tools show default.get-env');
      }
    });

    test('the kill switch set once through the store stops every call on both proxies; lifting it restores them', async () => {
      expect(await airlock(['tools', 'state', '*', 'offline'])).toMatchObject({ code: 0 });
      const stopped = await callOnBoth(fleet, clients, 'echo');
      for (const result of stopped) {
        expect(result.isError).toBe(true);
        expect(textOf(result)).toBe(
          'Airlock refused this call: an operator has taken this tool out of service.',
        );
        expect(result._meta?.['agent-airlock/evidence']).toBeUndefined(); // the server was never called
      }
      expect(await airlock(['tools', 'state', '*', 'active'])).toMatchObject({ code: 0 });
      const restored = await callOnBoth(fleet, clients, 'echo');
      for (const result of restored) expect(result.isError).not.toBe(true);
    });

    test(
      'one proxy killed with SIGKILL mid-load: no acknowledged evidence is lost',
      { timeout: 60_000 },
      async () => {
        const started = Date.now();
        const [survivor, victim] = fleet.proxies;
        const stop = new AbortController();
        let inFlightAtKill = 0;
        let killedAt = Infinity;
        let killed: Promise<number | null> | undefined;
        let acknowledgedBeforeKill = 0;
        const onAcknowledged = () => {
          if (killed !== undefined || ++acknowledgedBeforeKill < CALLS_BEFORE_KILL) return;
          inFlightAtKill = fleet.balancer.inFlight()[1] ?? 0;
          killedAt = Date.now();
          killed = victim!.stop('SIGKILL');
          setTimeout(() => {
            stop.abort();
          }, LOAD_AFTER_KILL_MS);
        };
        const deadline = setTimeout(() => {
          stop.abort();
        }, 30_000);
        const load = await echoLoad(fleet.balancer.url, LOAD_CLIENTS, stop.signal, onAcknowledged);
        clearTimeout(deadline);
        expect(await killed).toBeNull(); // ended by the signal, not an exit code
        // Until the kill every call was acknowledged; after it, the calls the dead proxy took or was sent fail.
        expect(load.failed.filter((call) => call.at < killedAt)).toEqual([]);
        expect(load.failed.length).toBeGreaterThan(0);
        expect(load.acknowledged.length).toBeGreaterThan(acknowledgedBeforeKill); // the survivor went on
        const byVictim = load.acknowledged.filter(
          (call) => fleet.balancer.log.find((entry) => entry.body.includes(call.message))?.upstream === 1,
        );
        expect(byVictim.length).toBeGreaterThan(0);

        const lost = await unreadableEvidence(load.acknowledged, { store, keyFile, cwd: ops });
        expect(lost).toEqual([]);
        // One record of the killed proxy read back by the command itself, as the operator runs it.
        const [sample] = byVictim;
        const read = await airlock([
          ...['evidence', 'get', sample!.ref, '--role', 'security-operator', '--tenant', 'default'],
          ...['--key-file', keyFile],
        ]);
        expect(read.code).toBe(0);
        expect(read.stdout).toContain(`Echo: ${sample!.message}`);
        expect(await survivor!.stop('SIGTERM')).toBe(0);
        const kinds = load.failed.map((call) => call.kind).join(' ');
        console.info(
          `fleet on ${backend.server.name}: ${String(load.made)} calls, ` +
            `${String(load.acknowledged.length)} acknowledged (${String(byVictim.length)} by the killed proxy, ` +
            `${String(inFlightAtKill)} in flight on it at SIGKILL), ${String(load.failed.length)} failed ` +
            `unacknowledged (${String(kinds.split('error').length - 1)} errors, ` +
            `${String(kinds.split('timeout').length - 1)} timeouts), ${String(lost.length)} acknowledged lost, ` +
            `${String(Date.now() - started)} ms`,
        );
      },
    );
  });
}

// Probes the real database servers tests run against: skipped with a reason on a developer's machine, a failure in CI.
import { connect } from 'node:net';
import { IN_CI } from './corpora.js';

/** A server some tests need. */
export interface TestServer {
  /** Its name in skip and failure messages. */
  readonly name: string;
  /** Where to connect (overridable through an environment variable). */
  readonly url: string;
}

/** PostgreSQL: trust auth, user postgres, database test (AIRLOCK_TEST_POSTGRES overrides). */
export const POSTGRES: TestServer = Object.freeze({
  name: 'PostgreSQL',
  url: process.env.AIRLOCK_TEST_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/test',
});

/** Redis (AIRLOCK_TEST_REDIS overrides). */
export const REDIS: TestServer = Object.freeze({
  name: 'Redis',
  url: process.env.AIRLOCK_TEST_REDIS ?? 'redis://127.0.0.1:6379',
});

const PROBE_TIMEOUT_MS = 2_000;

/**
 * True when the server accepts a TCP connection. When it does not, throws in CI (a missing server must fail
 * the run) and otherwise prints why the tests that need it are skipped and resolves false.
 */
export async function serverAvailable(server: TestServer): Promise<boolean> {
  const { hostname, port } = new URL(server.url);
  if (await reachable(hostname, Number(port))) return true;
  const reason = `${server.name} is not reachable at ${hostname}:${port}`;
  if (IN_CI) throw new Error(`${reason}; CI must run with ${server.name} up`);
  console.warn(`skipping ${server.name} tests: ${reason} (start it, or point the test URL variable at one)`);
  return false;
}

function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(PROBE_TIMEOUT_MS, () => {
      done(false);
    });
    socket.once('connect', () => {
      done(true);
    });
    socket.once('error', () => {
      done(false);
    });
  });
}

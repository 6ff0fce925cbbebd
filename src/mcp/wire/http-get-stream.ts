// The server-to-client GET stream of a Streamable HTTP session: kept open while the session lasts, reopened when it ends.
import { consume, request, type Session } from './http-exchange.js';

/** How long the server-to-client stream waits before it is opened again after it ends. */
const RECONNECT_MS = 1000;
/** Consecutive failures after which the server-to-client stream is given up. */
const MAX_RECONNECTS = 5;

/**
 * Keeps the GET stream open while the session lasts (405: the server offers none, as a sessionless one
 * does). Each opening is one exchange under the session's deadline; after it ends the stream is opened
 * again, and after five failures in a row it is given up and reported.
 */
export async function keepGetStream(session: Session): Promise<void> {
  const closed = (): boolean => session.closing.signal.aborted;
  for (let failures = 0; failures < MAX_RECONNECTS && !closed();) {
    try {
      const response = await request(session, { method: 'GET', accept: 'text/event-stream' });
      if (response.status === 405) {
        await response.body?.cancel();
        return;
      }
      if (!response.ok) throw new Error(`GET stream refused with status ${String(response.status)}.`);
      failures = 0;
      await consume(session, response, undefined);
    } catch (error) {
      if (closed()) return;
      failures++;
      if (failures >= MAX_RECONNECTS)
        session.failed(error instanceof Error ? error : new Error('GET stream failed'));
    }
    await pause(RECONNECT_MS, session.closing.signal);
  }
}

/** Waits `ms`, or less when `signal` fires. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

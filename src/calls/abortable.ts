// Races a piece of work against an abort signal, so a callee that ignores the signal cannot hold a caller.

/**
 * The work's value, or a rejection as soon as `signal` fires (at once if it already has). The work is started
 * inside, so a synchronous throw is a rejection too. It is not cancelled: it is only no longer waited for.
 */
export function untilAborted<V>(work: () => V | Promise<V>, signal: AbortSignal): Promise<V> {
  return new Promise<V>((resolve, reject) => {
    if (signal.aborted) {
      reject(new Error('aborted'));
      return;
    }
    const stop = (): void => {
      reject(new Error('aborted'));
    };
    signal.addEventListener('abort', stop, { once: true });
    const settle = (): void => {
      signal.removeEventListener('abort', stop);
    };
    Promise.resolve()
      .then(work)
      .then(
        (value) => {
          settle();
          resolve(value);
        },
        (error: unknown) => {
          settle();
          reject(error instanceof Error ? error : new Error('work failed'));
        },
      );
  });
}

// The time budget of one read: a timeout plus the caller's abort signal, raced against every awaited step.

/** How an awaited step ended: with its value, with an error, or cut short by the deadline. */
export type Raced<T> =
  | { readonly kind: 'value'; readonly value: T }
  | { readonly kind: 'error' }
  | { readonly kind: 'stopped'; readonly code: StopCode };

/** Why a read was cut short. */
export type StopCode = 'read.timeout' | 'read.aborted';

/** A running deadline. Call `dispose` when the read is over. */
export interface Deadline {
  /** The time allowed for the whole read, in milliseconds. */
  readonly timeoutMs: number;
  /** Waits for `step`, or stops early when the time is up or the caller aborts. Never rejects. */
  race<T>(step: Promise<T>): Promise<Raced<T>>;
  /** Why the read was stopped, or `undefined` while it may go on. */
  stopped(): StopCode | undefined;
  /** Clears the timer and the listener on the caller's signal. */
  dispose(): void;
}

/**
 * Starts a deadline. The timer is an ordinary (referenced) timeout, so a read of a stream that never sends
 * keeps the process alive until it times out instead of letting it exit with the read unsettled. The
 * expiry is also checked against the clock on every step, so a source that resolves forever without
 * yielding to the event loop (empty chunks in a tight loop) still times out. One listener is registered
 * on the caller's signal for the whole read (not one per step), and removed at the end.
 */
export function startDeadline(timeoutMs: number, signal?: AbortSignal): Deadline {
  const expiresAt = performance.now() + timeoutMs;
  let stopCode: StopCode | undefined = signal?.aborted === true ? 'read.aborted' : undefined;
  let wake: (() => void) | undefined;
  const stop = (code: StopCode): void => {
    stopCode ??= code;
    wake?.();
  };
  const onAbort = (): void => {
    stop('read.aborted');
  };
  const timer = setTimeout(() => {
    stop('read.timeout');
  }, timeoutMs);
  signal?.addEventListener('abort', onAbort, { once: true });

  const stopped = (): StopCode | undefined => {
    if (stopCode === undefined && performance.now() >= expiresAt) stopCode = 'read.timeout';
    return stopCode;
  };

  return {
    timeoutMs,
    stopped,
    race<T>(step: Promise<T>): Promise<Raced<T>> {
      return new Promise<Raced<T>>((resolve) => {
        const wakeThis = (): void => {
          settle({ kind: 'stopped', code: stopCode ?? 'read.timeout' });
        };
        const settle = (raced: Raced<T>): void => {
          if (wake === wakeThis) wake = undefined;
          resolve(raced);
        };
        // Handle the step's outcome even when the deadline wins, so a late rejection is never unhandled.
        step.then(
          (value) => {
            settle({ kind: 'value', value });
          },
          () => {
            settle({ kind: 'error' });
          },
        );
        const early = stopped();
        if (early !== undefined) {
          settle({ kind: 'stopped', code: early });
          return;
        }
        wake = wakeThis;
      });
    },
    dispose(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      wake = undefined;
    },
  };
}

// Awaits a piece of work under a deadline and the caller's abort signal, so no callee can hold a caller.

/** How awaited work ended: with its value, with an error, past its deadline, or cut short by the caller. */
export type Settled<V> =
  | { readonly kind: 'value'; readonly value: V }
  | { readonly kind: 'error' }
  | { readonly kind: 'timeout' }
  | { readonly kind: 'aborted' };

/** The bounds of one awaited step: a deadline in milliseconds and the caller's signal, each optional. */
export interface WaitBounds {
  readonly timeoutMs?: number | undefined;
  readonly signal?: AbortSignal | undefined;
}

/** {@link WaitBounds} for work whose value holds something to let go of when nobody takes it any more. */
export interface LateBounds<V> extends WaitBounds {
  /** Receives a value that came after the wait ended (deadline or abort), to release what it holds. */
  readonly onLate?: ((value: V) => void) | undefined;
}

/**
 * How long Airlock waits for one I/O step of its own (an evidence put, an audit write, a registry read) when
 * not told otherwise: 2 s, well under the 10 s read deadline, and far above a healthy store's answer.
 */
export const DEFAULT_IO_TIMEOUT_MS = 2_000;

const ERROR: Settled<never> = Object.freeze({ kind: 'error' });
const TIMEOUT: Settled<never> = Object.freeze({ kind: 'timeout' });
const ABORTED: Settled<never> = Object.freeze({ kind: 'aborted' });

/**
 * Starts `work` and waits for it at most `timeoutMs`, or until `signal` fires. Never rejects and never throws:
 * a synchronous throw, a rejection, a non-promise return value or a value that never comes all end as one
 * {@link Settled}. The work is not cancelled, only no longer waited for; a late rejection is still handled and
 * a late value goes to `onLate` (a stream nobody will read is released, never left to fail unheard).
 * Work is not started when the signal has already fired. The timer is referenced, so a process waiting on a
 * callee that never answers stays alive until the deadline instead of exiting with the call unsettled.
 */
export function settleWithin<V>(work: () => V | PromiseLike<V>, bounds: LateBounds<V>): Promise<Settled<V>> {
  const { timeoutMs, signal, onLate } = bounds;
  if (signal?.aborted === true) return Promise.resolve(ABORTED);
  return new Promise<Settled<V>>((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let done = false;
    const finish = (settled: Settled<V>): void => {
      done = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(settled);
    };
    const onAbort = (): void => {
      finish(ABORTED);
    };
    if (timeoutMs !== undefined)
      timer = setTimeout(() => {
        finish(TIMEOUT);
      }, timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });
    let started: V | PromiseLike<V>;
    try {
      started = work();
    } catch {
      finish(ERROR);
      return;
    }
    Promise.resolve(started).then(
      (value) => {
        if (!done) finish({ kind: 'value', value });
        else if (onLate !== undefined) handOffLate(onLate, value);
      },
      () => {
        finish(ERROR);
      },
    );
  });
}

/** Gives a late value to its handler; a handler that throws is ignored (nobody is waiting any more). */
function handOffLate<V>(onLate: (value: V) => void, value: V): void {
  try {
    onLate(value);
  } catch {
    // Nothing to report to: the wait that could have is over.
  }
}

/**
 * {@link settleWithin} for work that must not be skipped, such as writing an audit record: when the caller has
 * already aborted, the work is still started (under the deadline alone, so a late failure stays handled) and
 * this resolves `aborted` at once instead of waiting for it.
 */
export function settleOrHandOff<V>(work: () => V | PromiseLike<V>, bounds: WaitBounds): Promise<Settled<V>> {
  if (bounds.signal?.aborted !== true) return settleWithin(work, bounds);
  void settleWithin(work, { timeoutMs: bounds.timeoutMs });
  return Promise.resolve(ABORTED);
}

/**
 * The work's value, or a rejection as soon as `signal` fires (at once if it already has) or the work fails.
 * For callers that treat every way of not getting a value alike (see {@link settleWithin}).
 */
export async function untilAborted<V>(
  work: () => V | PromiseLike<V>,
  signal: AbortSignal,
  onLate?: (value: V) => void,
): Promise<V> {
  const settled = await settleWithin(work, { signal, onLate });
  if (settled.kind === 'value') return settled.value;
  throw new Error(settled.kind === 'aborted' ? 'aborted' : 'work failed');
}

/** True for a promise or any other object or function with a callable `then` (reading `then` may throw). */
export function isThenable<V = unknown>(value: unknown): value is PromiseLike<V> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { readonly then?: unknown }).then === 'function'
  );
}

/** The longest delay `setTimeout` honours (a longer one would fire at once). */
const MAX_TIMER_MS = 2_147_483_647;

/** Throws a TypeError naming `name` unless `value` is a whole number of milliseconds a timer can wait. */
export function assertTimeoutMs(name: string, value: unknown): void {
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0 || value > MAX_TIMER_MS)
    throw new TypeError(`${name} must be a whole number of milliseconds from 1 to ${MAX_TIMER_MS}.`);
}

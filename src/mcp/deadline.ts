// Bounds a piece of in-process I/O (a registry read) by a deadline and the caller's signal, without allocating a signal.

/** The work's value, or `fallback` when `timeoutMs` passes or `signal` fires first. Never rejects. */
export function within<T>(
  work: () => Promise<T>,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  fallback: T,
): Promise<T> {
  if (signal?.aborted === true) return Promise.resolve(fallback);
  return new Promise<T>((resolve) => {
    const finish = (value: T): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(value);
    };
    const onAbort = (): void => {
      finish(fallback);
    };
    const timer = setTimeout(onAbort, timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });
    Promise.resolve()
      .then(work)
      .then(finish, () => {
        finish(fallback);
      });
  });
}

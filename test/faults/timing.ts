// Times calls in the fault tests and keeps the slowest time to an outcome per fault, printed once at the end.

/** The slowest time to an outcome seen per fault, in milliseconds. */
const slowest = new Map<string, number>();

/** Runs `call`, notes how long it took under `fault`, and returns its result with the time. */
export async function timed<T>(fault: string, call: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await call();
  const ms = Math.round(performance.now() - started);
  slowest.set(fault, Math.max(slowest.get(fault) ?? 0, ms));
  return { value, ms };
}

/** Aborts `controller` after `afterMs`, then times how long `pending` takes to settle after the abort. */
export async function abortLatency<T>(
  fault: string,
  pending: Promise<T>,
  controller: AbortController,
  afterMs: number,
): Promise<{ value: T; ms: number }> {
  await new Promise((resolve) => setTimeout(resolve, afterMs));
  return timed(fault, () => {
    controller.abort();
    return pending;
  });
}

/** Prints the slowest time per fault (a summary for the operator of the test run). */
export function printSlowest(title: string): void {
  const rows = [...slowest].map(([fault, ms]) => `  ${String(ms).padStart(6)} ms  ${fault}`);
  if (rows.length > 0) console.info(`${title}: slowest time to an outcome\n${rows.join('\n')}`);
}

// Pacing of long synchronous work: how much one macrotask may run before the event loop gets a turn.

/**
 * Milliseconds of gate work one macrotask may hold before work that can pause does (measured from the first
 * check in that macrotask, shared by every call in the process, so a burst of calls pauses as one).
 */
export const SLICE_MS = 5;

let sliceOpen = false;
let sliceStart = 0;

function closeSlice(): void {
  sliceOpen = false;
}

/**
 * True when the current macrotask has run gate work for longer than {@link SLICE_MS}. The first check in a
 * macrotask opens its slice (and schedules its close on the next turn), so it is cheap enough to ask often.
 */
export function sliceSpent(): boolean {
  const now = performance.now();
  if (!sliceOpen) {
    sliceOpen = true;
    sliceStart = now;
    setImmediate(closeSlice);
    return false;
  }
  return now - sliceStart > SLICE_MS;
}

/**
 * Lets the event loop run (timers, I/O, other requests) and resumes on a later macrotask. Resolves to false
 * when the caller's signal has fired meanwhile (or had already): the paused work should then stop.
 */
export function nextSlice(signal: AbortSignal | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    setImmediate(() => {
      resolve(signal?.aborted !== true);
    });
  });
}

/**
 * `undefined` while the current macrotask may go on; otherwise waits for a later macrotask in which it may
 * (pausing again while other paused work has used that one up), resolving to false if the signal fired.
 */
export function pauseIfSpent(signal: AbortSignal | undefined): Promise<boolean> | undefined {
  return sliceSpent() ? waitForTurn(signal) : undefined;
}

/** Waits for a macrotask in which paused work may go on; false if the signal fired meanwhile. */
export async function waitForTurn(signal: AbortSignal | undefined): Promise<boolean> {
  do {
    if (!(await nextSlice(signal))) return false;
  } while (sliceSpent());
  return true;
}

/** How often (in visited values) a walk asks {@link sliceSpent}: rare enough to cost nothing measurable. */
export const CHECK_EVERY = 128;

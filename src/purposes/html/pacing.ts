// Paces DOM sanitizing: at most a fixed number of parsed documents per macrotask, since jsdom frees them only after.

/**
 * How many values may be parsed into a DOM within one macrotask. jsdom tracks node iterators through
 * `WeakRef`s, which keep every document parsed in a job alive until that job ends, so a long synchronous
 * run (or a chain of awaits, which never leaves the job) grows by about 180 KB per value until it dies.
 */
const DOM_PARSES_PER_TURN = 32;

let parsesThisTurn = 0;
let resetScheduled = false;

function nextMacrotask(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Resolves when the caller may parse one value into a DOM, and counts that parse against this macrotask.
 * Callers parse synchronously right after it resolves. Once the turn's share is used, callers wait for a
 * `setImmediate` turn: the job that held the earlier documents has then ended and they can be collected.
 * This applies to every caller, inside a contract or not: the sanitize stage starts every field's sanitizing
 * during its walk and awaits the results together, so this is the one place that paces DOM work.
 */
export async function awaitDomTurn(): Promise<void> {
  while (parsesThisTurn >= DOM_PARSES_PER_TURN) await nextMacrotask();
  parsesThisTurn++;
  if (!resetScheduled) {
    resetScheduled = true;
    setImmediate(() => {
      parsesThisTurn = 0;
      resetScheduled = false;
    });
  }
}

// Typed-array buffers reused from call to call, grown on demand, with oversized requests served apart.

/**
 * A source of buffers for one module's planner: a request for at most `retainedLimit` entries gets the
 * retained buffers (grown, at least doubling, when too small); a longer one gets buffers of its own, which
 * are let go after the call, so one huge text never stays in memory for the rest of the process.
 */
export function reusedBuffers<Buffers>(
  make: (capacity: number) => Buffers,
  initialCapacity: number,
  retainedLimit: number,
): (length: number) => Buffers {
  let capacity = initialCapacity;
  let retained = make(capacity);
  return (length) => {
    if (length <= capacity) return retained;
    if (length > retainedLimit) return make(length);
    capacity = Math.min(retainedLimit, Math.max(length, 2 * capacity));
    retained = make(capacity);
    return retained;
  };
}

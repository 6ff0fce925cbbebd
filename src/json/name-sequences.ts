// Remembers, per object nesting level, the member names of the last object there, which the next one often repeats.

/**
 * Per object nesting level, the literals of the member names of the latest object at that level, in order.
 * The objects of an array usually spell the same names in the same order; a name that repeats the remembered
 * one at its position, in an object whose earlier names all did too, is a well-formed literal within the
 * length limit (it is the same text as one already accepted) and cannot equal an earlier name of its object
 * (the remembered names were proven distinct). Such a name needs neither a scan nor a duplicate check.
 * Every level records the names of its current object as they are read, so at its close the sequence is that
 * object's. Literals are compared as raw text, so equal names written differently simply fall back to the
 * full path.
 */
export class NameSequences {
  /** Per level: the start (opening quote) of each remembered literal. */
  private readonly starts: number[][] = [];
  /** Per level: the end (after the closing quote) of each remembered literal. */
  private readonly ends: number[][] = [];
  /** Per level: how many remembered literals are valid; the rest are stale. */
  private readonly lengths: number[] = [];
  /**
   * Per level: how many names of the open object repeated the remembered sequence so far, or -1 once one did
   * not (its names are then recorded as they come).
   */
  private readonly followed: number[] = [];
  /** Per level: names of the open object read so far. */
  private readonly counts: number[] = [];

  /** An object opens at `level`: it follows the sequence remembered there until a name differs. */
  open(level: number): void {
    if (level === this.lengths.length) {
      this.starts.push([]);
      this.ends.push([]);
      this.lengths.push(0);
    }
    this.followed[level] = 0;
    this.counts[level] = 0;
  }

  /** The object at `level` closes: its names become the sequence remembered there. */
  close(level: number): void {
    this.lengths[level] = this.counts[level] as number;
  }

  /**
   * When the object at `level` still follows its remembered sequence and the literal at `start` of `units`
   * equals the next remembered one, counts it and returns its end (after its closing quote); otherwise 0.
   * Stops at the first differing code unit, so it never reads past the sentinel that ends `units`.
   */
  follow(units: Uint16Array, level: number, start: number): number {
    const k = this.followed[level] as number;
    if (k < 0 || k >= (this.lengths[level] as number)) return 0;
    const from = (this.starts[level] as number[])[k] as number;
    const to = (this.ends[level] as number[])[k] as number;
    const offset = start - from;
    for (let at = from; at < to; at++) if (units[at] !== units[at + offset]) return 0;
    this.followed[level] = k + 1;
    this.counts[level] = k + 1;
    return to + offset;
  }

  /**
   * The object at `level` leaves its remembered sequence: returns how many of its names followed it (their
   * literals are {@link literalStart} and {@link literalEnd} 0 to that count − 1), then -1 on later calls.
   */
  leave(level: number): number {
    const followed = this.followed[level] as number;
    this.followed[level] = -1;
    return followed;
  }

  /** Start of the `k`-th remembered literal at `level`, valid while {@link leave} has not recorded past it. */
  literalStart(level: number, k: number): number {
    return (this.starts[level] as number[])[k] as number;
  }

  /** End of the `k`-th remembered literal at `level`. */
  literalEnd(level: number, k: number): number {
    return (this.ends[level] as number[])[k] as number;
  }

  /** Records the literal from `start` to `end` as the next name of the object at `level`. */
  record(level: number, start: number, end: number): void {
    const k = this.counts[level] as number;
    (this.starts[level] as number[])[k] = start;
    (this.ends[level] as number[])[k] = end;
    this.counts[level] = k + 1;
  }
}

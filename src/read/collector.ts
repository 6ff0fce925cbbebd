// Collects byte chunks under a ceiling, keeping nothing past it, and joins them into one fresh array.

/** A ceiling on collected bytes. `add` reports the moment it is crossed; the bytes kept stop at the ceiling. */
export class ByteCollector {
  private readonly chunks: Uint8Array[] = [];
  private kept = 0;
  private seen = 0;

  /** @param limit The most bytes that may be collected. */
  constructor(readonly limit: number) {}

  /** Every byte offered so far, including those past the ceiling. */
  get total(): number {
    return this.seen;
  }

  /**
   * Offers a chunk. Returns false once the total crosses the ceiling; only the part of the chunk below the
   * ceiling is kept, so evidence holds exactly `limit` bytes after an overflow. The chunk is copied only
   * when `join` runs, so callers must not reuse a chunk's memory in between (streams do not).
   */
  add(chunk: Uint8Array): boolean {
    this.seen += chunk.length;
    const room = this.limit - this.kept;
    const keep = chunk.length <= room ? chunk : chunk.subarray(0, Math.max(0, room));
    if (keep.length > 0) {
      this.chunks.push(keep);
      this.kept += keep.length;
    }
    return this.seen <= this.limit;
  }

  /** The kept bytes as one new array that shares memory with no chunk. */
  join(): Uint8Array {
    const joined = new Uint8Array(this.kept);
    let offset = 0;
    for (const chunk of this.chunks) {
      joined.set(chunk, offset);
      offset += chunk.length;
    }
    return joined;
  }
}

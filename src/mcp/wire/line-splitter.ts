// Splits a byte stream into newline-delimited messages under a ceiling, skipping an oversized line without keeping it.

/** A complete line (without its line break), or a line over the ceiling: its first bytes, last bytes and size. */
export type LineEvent =
  | { readonly kind: 'line'; readonly bytes: Uint8Array }
  | {
      readonly kind: 'oversized';
      /** The first `headBytes` bytes of the line (evidence, and where its members start). */
      readonly head: Uint8Array;
      /** The last {@link TAIL_BYTES} bytes (where the SDK writes a reply's `id`). */
      readonly tail: Uint8Array;
      /** The line's full size in bytes. */
      readonly total: number;
    };

/** Bytes kept from the end of an oversized line. */
export const TAIL_BYTES = 512;

const NEWLINE = 0x0a;
const RETURN = 0x0d;

/**
 * Newline-delimited framing (MCP stdio) with a hard ceiling. A line is held only while it is within
 * `maxLineBytes`; once it crosses, only its first `headBytes` and last {@link TAIL_BYTES} bytes are kept
 * and the rest is counted and let go, so an oversized reply costs bounded memory and the stream stays in
 * step for the next message. A trailing carriage return is dropped; empty lines are ignored unless asked for.
 */
export class LineSplitter {
  private parts: Buffer[] = [];
  private size = 0;
  private skipping = false;
  private head: Buffer[] = [];
  private headSize = 0;
  private tail: Buffer = Buffer.alloc(0);

  /** `emptyLines`: report empty lines too (server-sent events end an event with one). */
  constructor(
    private readonly maxLineBytes: number,
    private readonly headBytes: number,
    private readonly emptyLines = false,
  ) {}

  /** Feeds one chunk; `emit` is called for every line (or oversized line) it completes. */
  push(chunk: Uint8Array, emit: (event: LineEvent) => void): void {
    const buffer = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let from = 0;
    while (from < buffer.length) {
      const newline = buffer.indexOf(NEWLINE, from);
      const stop = newline === -1 ? buffer.length : newline;
      this.take(buffer.subarray(from, stop));
      if (newline === -1) return;
      this.finish(emit);
      from = newline + 1;
    }
  }

  /** Forgets a partial line (the stream ended or was reset). */
  reset(): void {
    this.parts = [];
    this.size = 0;
    this.skipping = false;
    this.head = [];
    this.headSize = 0;
    this.tail = Buffer.alloc(0);
  }

  private take(piece: Buffer): void {
    if (piece.length === 0) return;
    this.size += piece.length;
    if (!this.skipping && this.size <= this.maxLineBytes) {
      this.parts.push(piece);
      return;
    }
    if (!this.skipping) {
      this.skipping = true;
      this.head = this.parts;
      this.headSize = this.size - piece.length;
      this.parts = [];
    }
    const room = this.headBytes - this.headSize;
    if (room > 0) {
      const kept = piece.subarray(0, room);
      this.head.push(Buffer.from(kept));
      this.headSize += kept.length;
    }
    const joined = Buffer.concat([this.tail, piece.subarray(Math.max(0, piece.length - TAIL_BYTES))]);
    this.tail = Buffer.from(joined.subarray(Math.max(0, joined.length - TAIL_BYTES)));
  }

  private finish(emit: (event: LineEvent) => void): void {
    if (this.skipping) {
      const head = new Uint8Array(Buffer.concat(this.head));
      const tail = new Uint8Array(stripReturn(this.tail));
      const total = this.size - (this.tail.at(-1) === RETURN ? 1 : 0);
      this.reset();
      emit({ kind: 'oversized', head, tail, total });
      return;
    }
    const line = stripReturn(Buffer.concat(this.parts, this.size));
    this.reset();
    if (line.length > 0 || this.emptyLines)
      emit({ kind: 'line', bytes: new Uint8Array(line.buffer, line.byteOffset, line.length) });
  }
}

function stripReturn(buffer: Buffer): Buffer {
  return buffer.at(-1) === RETURN ? buffer.subarray(0, -1) : buffer;
}

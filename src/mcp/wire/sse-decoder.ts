// Server-sent events (the Streamable HTTP stream) to message frames, each event's data bounded before it is kept.
import { LineSplitter } from './line-splitter.js';
import type { WireId } from './json-rpc.js';
import type { Frame } from './types.js';

const DATA = Buffer.from('data:');
const EVENT = Buffer.from('event:');
const SPACE = 0x20;

/**
 * Decodes an event stream into frames: the data of each `message` event is one JSON-RPC message, its bytes
 * exactly as sent (one `data:` line; several are joined with line feeds as the format says). A data line
 * over the ceiling is skipped in bounded memory like an oversized stdio line; so is an event whose data
 * lines add up past it. Lines end with LF or CRLF. `replyTo` is the request a POST stream answers.
 */
export class SseDecoder {
  private readonly lines: LineSplitter;
  private data: Buffer[] = [];
  private dataSize = 0;
  private event = 'message';
  private over: Extract<Frame, { kind: 'oversized' }> | undefined;

  constructor(
    private readonly max: number,
    headBytes: number,
    private readonly replyTo?: WireId,
  ) {
    this.lines = new LineSplitter(max + DATA.length + 1, headBytes, true);
  }

  /** Feeds one chunk of the stream; `deliver` gets every complete event's frame. */
  push(chunk: Uint8Array, deliver: (frame: Frame) => void): void {
    this.lines.push(chunk, (line) => {
      if (line.kind === 'oversized') {
        const cut = fieldValueStart(Buffer.from(line.head), DATA);
        if (cut === undefined) return;
        this.over = this.oversized(line.head.subarray(cut), line.tail, line.total - cut);
        return;
      }
      const bytes = Buffer.from(line.bytes.buffer, line.bytes.byteOffset, line.bytes.length);
      if (bytes.length === 0) {
        this.dispatch(deliver);
        return;
      }
      const data = fieldValueStart(bytes, DATA);
      if (data !== undefined) {
        this.addData(bytes.subarray(data));
        return;
      }
      const event = fieldValueStart(bytes, EVENT);
      if (event !== undefined) this.event = bytes.subarray(event).toString('utf8');
    });
  }

  private addData(value: Buffer): void {
    if (this.over !== undefined) return;
    const joined = this.dataSize + (this.data.length > 0 ? 1 : 0) + value.length;
    if (joined > this.max) {
      const head = Buffer.concat([...this.data, value]);
      this.over = this.oversized(head, head.subarray(Math.max(0, head.length - 512)), joined);
      this.data = [];
      this.dataSize = 0;
      return;
    }
    if (this.data.length > 0) this.data.push(Buffer.from('\n'));
    this.data.push(Buffer.from(value));
    this.dataSize = joined;
  }

  private dispatch(deliver: (frame: Frame) => void): void {
    const isMessage = this.event === 'message';
    const over = this.over;
    const data = this.data;
    this.data = [];
    this.dataSize = 0;
    this.event = 'message';
    this.over = undefined;
    if (!isMessage) return;
    if (over !== undefined) deliver(over);
    else if (data.length > 0) deliver({ kind: 'message', bytes: new Uint8Array(Buffer.concat(data)) });
  }

  private oversized(
    head: Uint8Array,
    tail: Uint8Array,
    total: number,
  ): Extract<Frame, { kind: 'oversized' }> {
    const base = { kind: 'oversized' as const, head, tail, total };
    return this.replyTo === undefined ? base : { ...base, replyTo: this.replyTo };
  }
}

/** Where a field's value starts (after `name:` and one optional space), when the line is that field. */
function fieldValueStart(line: Buffer, name: Buffer): number | undefined {
  if (line.length < name.length || !line.subarray(0, name.length).equals(name)) return undefined;
  return line[name.length] === SPACE ? name.length + 1 : name.length;
}

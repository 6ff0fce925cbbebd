// Standard input for the default contract: a JSON document as its own bytes, any other text as one JSON string.
import { Readable } from 'node:stream';
import { failedTransportInput } from '../../calls/transport-failure.js';
import type { RawInput } from '../../read/input.js';
import type { ReadLimits } from '../../vocabulary/limits.js';
import { settleWithin } from '../../vocabulary/settle-within.js';

/** Bytes JSON allows before a value: space, tab, line feed, carriage return. */
const BLANK: ReadonlySet<number> = new Set([0x20, 0x09, 0x0a, 0x0d]);

/** The first bytes of a JSON document the filter reads as JSON: `{` and `[`. */
const DOCUMENT_START: ReadonlySet<number> = new Set([0x7b, 0x5b]);

/** A byte that is never UTF-8: put where the input stops being UTF-8, so the read stage reports it as such. */
const NOT_UTF8 = Buffer.from([0xff]);

/**
 * What the gate reads for standard input under the default contract. Input whose first non-blank byte is `{` or
 * `[` is a JSON document: its exact bytes, parsed strictly. Anything else (a command's text output, a bare JSON
 * string or number, nothing at all) is prose: its text as one JSON string, so it is cleaned by the `text` purpose like any string
 * (the ceiling counts that JSON string; bytes that are not UTF-8 end as `invalid_encoding`). Only the first bytes
 * are looked at here, within the read deadline and ceiling; a stream that fails is `upstream_error`, one that
 * sends nothing in time `timeout`.
 */
export async function defaultBody(stdin: Readable, limits: ReadLimits): Promise<RawInput> {
  const chunks = stdin[Symbol.asyncIterator]() as AsyncIterator<Uint8Array | string>;
  const head: Buffer[] = [];
  const deadline = Date.now() + limits.timeoutMs;
  let seen = 0;
  let first: number | undefined;
  while (first === undefined && seen <= limits.maxRawBytes) {
    const next = await settleWithin(() => chunks.next(), { timeoutMs: Math.max(0, deadline - Date.now()) });
    if (next.kind === 'error') return failedTransportInput();
    if (next.kind !== 'value') return { body: Buffer.concat(head), timedOut: true };
    if (next.value.done === true) break;
    const chunk = Buffer.from(next.value.value);
    head.push(chunk);
    seen += chunk.length;
    first = chunk.find((byte) => !BLANK.has(byte));
  }
  const whole = Readable.from(rest(head, chunks), { objectMode: false });
  return first !== undefined && DOCUMENT_START.has(first)
    ? whole
    : Readable.from(jsonString(whole), { objectMode: false });
}

/** The bytes already read, then the rest of the stream. */
async function* rest(
  head: readonly Buffer[],
  chunks: AsyncIterator<Uint8Array | string>,
): AsyncGenerator<Buffer> {
  yield* head;
  for (let next = await chunks.next(); next.done !== true; next = await chunks.next())
    yield Buffer.from(next.value);
}

/** UTF-8 bytes as the bytes of one JSON string literal, written as they arrive. */
async function* jsonString(bytes: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const literal = (text: string): string => JSON.stringify(text).slice(1, -1);
  yield Buffer.from('"');
  for await (const chunk of bytes) {
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      yield NOT_UTF8;
      return;
    }
    yield Buffer.from(literal(text));
  }
  try {
    yield Buffer.from(`${literal(decoder.decode())}"`);
  } catch {
    yield NOT_UTF8;
  }
}

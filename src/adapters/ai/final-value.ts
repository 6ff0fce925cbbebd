// The one value an AI SDK execute function produced: its return value, or the last value a streaming one yielded.
import { Readable } from 'node:stream';

/**
 * Awaits what `execute` returned. An execute that streams preliminary results (an async iterable that is not a
 * body stream) is read to its end and only its last value counts: preliminary results never pass the gate, so
 * they are not shown. Stops reading when `signal` fires.
 */
export async function finalValue(returned: unknown, signal: AbortSignal): Promise<unknown> {
  const value = await returned;
  if (!isPreliminaryStream(value)) return value;
  let last: unknown;
  for await (const item of value) {
    if (signal.aborted) break;
    last = item;
  }
  return last;
}

function isPreliminaryStream(value: unknown): value is AsyncIterable<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  if (value instanceof Readable || value instanceof ReadableStream) return false;
  return typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function';
}

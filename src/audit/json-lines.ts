// Writes JSON lines to a stream, resolving each only once the stream has taken it: a lost line is an error.
import type { Writable } from 'node:stream';

/** The part of a writable stream a JSON-lines writer uses; a `Writable` (process.stderr, a file) has it. */
export type LineStream = Pick<Writable, 'write'> &
  Partial<Pick<Writable, 'destroyed' | 'writableEnded' | 'errored' | 'on'>>;

const ignore = (): void => undefined;

/** Streams already listened to, so any number of writers over one stream (stderr) add one listener. */
const guarded = new WeakSet<object>();

/**
 * A writer of one JSON line per value (escaping keeps each on one line whatever it holds). Each write
 * resolves when the stream's write callback reports success; it rejects when the stream is destroyed, ended
 * or errored (without writing), when `write` throws, or when its callback reports an error. The writer
 * listens for the stream's `error` events, so a failing stream fails each write instead of crashing the
 * process. The caller bounds the wait: a stream whose callback never comes leaves a write pending.
 */
export function jsonLinesWriter(stream: LineStream): (value: unknown) => Promise<void> {
  if (!guarded.has(stream)) {
    guarded.add(stream);
    stream.on?.('error', ignore);
  }
  return (value) => {
    if (stream.destroyed === true || stream.writableEnded === true || stream.errored != null)
      return Promise.reject(new Error('The audit stream is closed.'));
    const line = JSON.stringify(value) + '\n';
    return new Promise<void>((resolve, reject) => {
      try {
        stream.write(line, (error) => {
          if (error == null) resolve();
          else reject(new Error('The audit stream refused a record.'));
        });
      } catch {
        reject(new Error('The audit stream refused a record.'));
      }
    });
  };
}

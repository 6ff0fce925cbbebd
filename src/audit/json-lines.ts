// Writes one JSON line to a stream and resolves only once the stream has taken it: a lost line is an error.
import type { Writable } from 'node:stream';

/** The part of a writable stream a JSON-lines writer uses; a `Writable` (process.stderr, a file) has it. */
export type LineStream = Pick<Writable, 'write'> &
  Partial<Pick<Writable, 'destroyed' | 'writableEnded' | 'errored'>>;

/**
 * Writes `value` as one line of JSON (escaping keeps it on one line whatever it holds). Resolves when the
 * stream's write callback reports success; rejects when the stream is destroyed, ended or errored (without
 * writing, so no `error` event is raised on the stream), when `write` throws, or when its callback reports an
 * error. The caller bounds the wait: a stream whose callback never comes leaves this pending.
 */
export function writeJsonLine(stream: LineStream, value: unknown): Promise<void> {
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
}

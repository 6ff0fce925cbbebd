// An in-memory CliIo for running commands in-process and reading what they wrote.
import { Readable } from 'node:stream';
import type { CliIo } from '../../src/cli/command.js';

/** A CliIo over strings, plus what the command wrote to its two streams. */
export function memoryIo(
  options: { stdin?: string | Uint8Array; cwd?: string; env?: Record<string, string> } = {},
): CliIo & {
  readonly out: () => string;
  readonly outBytes: () => Uint8Array;
  readonly err: () => string;
} {
  const out: Uint8Array[] = [];
  let err = '';
  return {
    stdin: Readable.from(options.stdin === undefined ? [] : [Buffer.from(options.stdin)]),
    stdout: (data) => out.push(typeof data === 'string' ? Buffer.from(data) : data),
    stderr: (text) => (err += text),
    env: options.env ?? {},
    cwd: options.cwd ?? process.cwd(),
    isTty: false,
    out: () => Buffer.concat(out).toString('utf8'),
    outBytes: () => new Uint8Array(Buffer.concat(out)),
    err: () => err,
  };
}

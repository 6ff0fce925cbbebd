// The shape of one CLI command: arguments and streams in, an exit code out.
import type { Readable } from 'node:stream';

/** Where a command reads and writes. Injected so tests can run commands in-process. */
export interface CliIo {
  readonly stdin: Readable;
  /** Standard output: text, or raw bytes (evidence read back is written exactly as stored). */
  readonly stdout: (data: string | Uint8Array) => void;
  readonly stderr: (text: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  /** True when stdout is a terminal (progress output is shown only then). */
  readonly isTty: boolean;
}

/** Exit codes shared by every command. */
export const EXIT = Object.freeze({ ok: 0, failed: 1, usage: 2 });

/** One command: `airlock <name> ...args`. */
export interface Command {
  /** The words that select it, such as `['check']` or `['evidence', 'get']`. */
  readonly path: readonly string[];
  /** One line for `airlock --help`. */
  readonly summary: string;
  /** Runs the command with the arguments after its path; resolves to the exit code. */
  run(args: readonly string[], io: CliIo): Promise<number>;
}

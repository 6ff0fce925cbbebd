// The shape of one CLI command: arguments and streams in, an exit code out.
import type { Readable } from 'node:stream';
import { EXIT } from './exit-codes.js';
import { failureLine } from './failure-line.js';

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

export { EXIT } from './exit-codes.js';

/** One command: `airlock <name> ...args`. */
export interface Command {
  /** The words that select it, such as `['check']` or `['evidence', 'get']`. */
  readonly path: readonly string[];
  /** One line for `airlock --help`. */
  readonly summary: string;
  /** The command's help: a `usage:` line, then what its options and exit codes mean. */
  readonly usage: string;
  /** Runs the command with the arguments after its path; resolves to the exit code. */
  run(args: readonly string[], io: CliIo): Promise<number>;
}

/** Reports a usage mistake as one line that points at the command's help, and answers exit code 2. */
export function usageError(io: CliIo, command: string, message: string): number {
  io.stderr(`airlock ${command}: ${message} (see airlock ${command} --help)\n`);
  return EXIT.usage;
}

const HELP_FLAGS: ReadonlySet<string> = new Set(['--help', '-h']);

/**
 * A command whose `run` answers `-h`/`--help` with its usage and turns any error it did not handle into one
 * line and an exit code (2 for a configuration mistake, 1 otherwise), never a stack trace.
 */
export function defineCommand(spec: Command): Command {
  const name = spec.path.join(' ');
  return Object.freeze({
    path: Object.freeze([...spec.path]),
    summary: spec.summary,
    usage: spec.usage,
    async run(args: readonly string[], io: CliIo): Promise<number> {
      if (args.some((arg) => HELP_FLAGS.has(arg))) {
        io.stdout(`${spec.usage}\n`);
        return EXIT.ok;
      }
      try {
        return await spec.run(args, io);
      } catch (error) {
        const { line, code } = failureLine(error, io.env);
        io.stderr(`airlock ${name}: ${line}\n`);
        return code;
      }
    },
  });
}

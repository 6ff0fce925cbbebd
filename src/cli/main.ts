// The `airlock` command line: picks the command named by the first words and runs it.
import { checkCommand } from './check.js';
import { EXIT, type CliIo, type Command } from './command.js';
import { evidenceGetCommand, evidencePurgeCommand, evidenceRevokeCommand } from './evidence.js';
import { fixturesRunCommand } from './fixtures.js';
import { keysRewrapCommand, keysRotateCommand } from './keys.js';

/** Every command the CLI knows, in the order `--help` lists them. */
export const COMMANDS: readonly Command[] = [
  checkCommand,
  fixturesRunCommand,
  evidenceGetCommand,
  evidencePurgeCommand,
  evidenceRevokeCommand,
  keysRotateCommand,
  keysRewrapCommand,
];

/** Runs the CLI with the given arguments (without `node` and the script path); resolves to the exit code. */
export async function runCli(
  argv: readonly string[],
  io: CliIo,
  commands: readonly Command[] = COMMANDS,
): Promise<number> {
  const command = commands
    .filter((candidate) => candidate.path.every((word, i) => argv[i] === word))
    .sort((a, b) => b.path.length - a.path.length)[0];
  if (command === undefined) {
    const help = argv.length === 0 || argv[0] === '--help' || argv[0] === '-h';
    const lines = commands.map((c) => `  airlock ${c.path.join(' ').padEnd(18)} ${c.summary}`);
    (help ? io.stdout : io.stderr)(`usage: airlock <command> [options]\n\n${lines.join('\n')}\n`);
    return help ? EXIT.ok : EXIT.usage;
  }
  return command.run(argv.slice(command.path.length), io);
}

/** The process's own streams and environment. */
export function processIo(): CliIo {
  return {
    stdin: process.stdin,
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
    cwd: process.cwd(),
    isTty: process.stdout.isTTY,
  };
}

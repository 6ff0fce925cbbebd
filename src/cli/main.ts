// The `airlock` command line: picks the command named by the first words and runs it.
import { checkCommand } from './check.js';
import { contractCompileCommand } from './contract-compile.js';
import { demoCommand } from './demo.js';
import { EXIT, type CliIo, type Command } from './command.js';
import { evidenceGetCommand, evidencePurgeCommand, evidenceRevokeCommand } from './evidence.js';
import { filterCommand } from './filter.js';
import { fixturesRunCommand } from './fixtures.js';
import { hookCommand } from './hook.js';
import { keysNewCommand, keysRewrapCommand, keysRotateCommand } from './keys.js';
import { proxyCommand } from './proxy.js';
import {
  toolsApproveCommand,
  toolsPendingCommand,
  toolsShowCommand,
  toolsStateCommand,
} from './tools/commands.js';
import { packageVersion } from './version.js';

/** Every command the CLI knows, in the order `--help` lists them. */
export const COMMANDS: readonly Command[] = [
  checkCommand,
  filterCommand,
  hookCommand,
  fixturesRunCommand,
  contractCompileCommand,
  evidenceGetCommand,
  evidencePurgeCommand,
  evidenceRevokeCommand,
  keysNewCommand,
  keysRotateCommand,
  keysRewrapCommand,
  demoCommand,
  proxyCommand,
  toolsPendingCommand,
  toolsShowCommand,
  toolsApproveCommand,
  toolsStateCommand,
];

const HELP_FLAGS = new Set(['--help', '-h']);
const VERSION_FLAGS = new Set(['--version', '-v', '-V']);

function overview(commands: readonly Command[]): string {
  const lines = commands.map((c) => `  airlock ${c.path.join(' ').padEnd(18)} ${c.summary}`);
  return (
    `usage: airlock <command> [options]\n\n${lines.join('\n')}\n\n` +
    "airlock <command> --help shows a command's options; airlock --version its version.\n"
  );
}

/**
 * Runs the CLI with the given arguments (without `node` and the script path); resolves to the exit code:
 * 0 success, 1 a rejected result or failed case, 2 a usage or configuration mistake. Never throws: every
 * command turns an unexpected error into one line on standard error.
 */
export async function runCli(
  argv: readonly string[],
  io: CliIo,
  commands: readonly Command[] = COMMANDS,
): Promise<number> {
  const first = argv[0];
  if (argv.length === 1 && first !== undefined && VERSION_FLAGS.has(first)) {
    io.stdout(`${packageVersion()}\n`);
    return EXIT.ok;
  }
  const command = commands
    .filter((candidate) => candidate.path.every((word, i) => argv[i] === word))
    .sort((a, b) => b.path.length - a.path.length)[0];
  if (command === undefined) {
    if (first === undefined || HELP_FLAGS.has(first)) {
      io.stdout(overview(commands));
      return EXIT.ok;
    }
    const group = commands.filter((c) => c.path.length > 1 && c.path[0] === first);
    if (group.length > 0) return groupHelp(group, argv[1], io);
    io.stderr('airlock: unknown command (see airlock --help)\n');
    return EXIT.usage;
  }
  return command.run(argv.slice(command.path.length), io);
}

/**
 * A command group named without one of its commands (`airlock evidence`, `airlock keys --help`): `--help`
 * lists the group's commands on standard output and exits 0; nothing after the group word lists them on
 * standard error and exits 2; a word that names none of them is an unknown command (exit 2).
 */
function groupHelp(group: readonly Command[], next: string | undefined, io: CliIo): number {
  const name = group[0]?.path[0] ?? '';
  const listing = overview(group).replace('airlock <command>', `airlock ${name} <command>`);
  if (next !== undefined && HELP_FLAGS.has(next)) {
    io.stdout(listing);
    return EXIT.ok;
  }
  const words = group.map((c) => c.path.slice(1).join(' ')).join('|');
  io.stderr(
    next === undefined
      ? `airlock ${name}: name a command: airlock ${name} ${words}\n\n${listing}`
      : `airlock ${name}: unknown command; the ${name} commands are ${words} (see airlock ${name} --help)\n`,
  );
  return EXIT.usage;
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

// Builds an evidence or key CLI command: strict argument parsing, a usage line, then the work over an open vault.
import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { EXIT } from './command.js';
import type { CliIo, Command } from './command.js';
import { VAULT_CLI_OPTIONS, VAULT_CLI_USAGE, withVault } from './vault-setup.js';
import type { KeyProvider } from '../evidence/keys.js';
import type { Vault } from '../evidence/vault.js';

type CliOptions = NonNullable<ParseArgsConfig['options']>;

/** A command's parsed arguments: its own options and the shared vault options, and its positionals. */
export type VaultCommandArgs<T extends CliOptions> = ReturnType<
  typeof parseArgs<{
    args: string[];
    options: T & typeof VAULT_CLI_OPTIONS;
    allowPositionals: true;
    strict: true;
  }>
>;

/** What a vault command is made of. */
export interface VaultCommandSpec<T extends CliOptions> {
  /** The words that select it, such as `['evidence', 'get']`. */
  readonly path: readonly string[];
  /** One line for `airlock --help`. */
  readonly summary: string;
  /** Its own options, beside `--store`, `--key-file` and `--audit-log`. */
  readonly options: T;
  /** Its own part of the usage line, such as `REF --role ROLE --tenant TENANT`. */
  readonly usage: string;
  /** How many positional arguments it takes. */
  readonly positionals: number;
  /** Its options that must be given. */
  readonly required?: readonly (keyof T & string)[];
  /** The key provider it works with (called before the store is opened). */
  readonly keys: (args: VaultCommandArgs<T>, io: CliIo) => KeyProvider;
  /** The work, over a vault on the chosen store; resolves to the exit code. */
  readonly work: (vault: Vault, args: VaultCommandArgs<T>, io: CliIo) => Promise<number>;
}

/**
 * A command from its spec. Unknown options, a wrong number of positionals or a missing required option print
 * the usage line (never the arguments themselves) and exit 2.
 */
export function defineVaultCommand<T extends CliOptions>(spec: VaultCommandSpec<T>): Command {
  const usage = `airlock ${spec.path.join(' ')} ${spec.usage} ${VAULT_CLI_USAGE}`.replace(/ {2,}/g, ' ');
  const options = { ...VAULT_CLI_OPTIONS, ...spec.options };
  const name = spec.path.join(' ');
  return Object.freeze({
    path: Object.freeze([...spec.path]),
    summary: spec.summary,
    async run(args: readonly string[], io: CliIo): Promise<number> {
      let parsed: VaultCommandArgs<T>;
      try {
        parsed = parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
      } catch {
        return usageError(io, usage);
      }
      const values = parsed.values as Record<string, unknown>;
      const missing = (spec.required ?? []).some((option) => values[option] === undefined);
      if (parsed.positionals.length !== spec.positionals || missing) return usageError(io, usage);
      return withVault(
        name,
        parsed.values,
        io,
        () => spec.keys(parsed, io),
        (vault) => spec.work(vault, parsed, io),
      );
    },
  });
}

function usageError(io: CliIo, usage: string): number {
  io.stderr(`usage: ${usage}\n`);
  return EXIT.usage;
}

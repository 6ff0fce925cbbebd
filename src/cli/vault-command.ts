// Builds an evidence or key CLI command: strict argument parsing, a usage line, then the work over an open vault.
import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { argsErrorMessage } from './args.js';
import { defineCommand, usageError, type CliIo, type Command } from './command.js';
import { VAULT_CLI_HELP, VAULT_CLI_OPTIONS, VAULT_CLI_USAGE, withVault } from './vault-setup.js';
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
  /** True when the command may start a new SQLite store (key rotation); evidence commands refuse a missing one. */
  readonly mayCreateStore?: boolean;
  /** The key provider it works with (called once the store is open). */
  readonly keys: (args: VaultCommandArgs<T>, io: CliIo) => KeyProvider;
  /** The work, over a vault on the chosen store; resolves to the exit code. */
  readonly work: (vault: Vault, args: VaultCommandArgs<T>, io: CliIo) => Promise<number>;
}

/**
 * A command from its spec. Unknown options, a wrong number of positionals or a missing required option are
 * one line on standard error (never the arguments themselves) and exit 2.
 */
export function defineVaultCommand<T extends CliOptions>(spec: VaultCommandSpec<T>): Command {
  const name = spec.path.join(' ');
  const line = `usage: airlock ${name} ${spec.usage} ${VAULT_CLI_USAGE}`.replace(/ {2,}/g, ' ');
  const options = { ...VAULT_CLI_OPTIONS, ...spec.options };
  return defineCommand({
    path: spec.path,
    summary: spec.summary,
    usage: `${line}\n  ${spec.summary}\n${VAULT_CLI_HELP}`,
    async run(args: readonly string[], io: CliIo): Promise<number> {
      let parsed: VaultCommandArgs<T>;
      try {
        parsed = parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
      } catch (error) {
        return usageError(io, name, argsErrorMessage(error));
      }
      const values = parsed.values as Record<string, unknown>;
      const missing = (spec.required ?? []).filter((option) => values[option] === undefined);
      if (missing.length > 0) return usageError(io, name, `--${missing.join(', --')} is required`);
      if (parsed.positionals.length !== spec.positionals) {
        const expected = spec.positionals === 0 ? 'no argument' : `${spec.positionals} argument`;
        return usageError(io, name, `takes ${expected}`);
      }
      return withVault(
        { command: name, mayCreateStore: spec.mayCreateStore === true },
        parsed.values,
        io,
        () => spec.keys(parsed, io),
        (vault) => spec.work(vault, parsed, io),
      );
    },
  });
}

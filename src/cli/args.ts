// Argument parsing shared by the commands: node:util parseArgs, with usage errors as values.
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** Parsed arguments, or a usage error message. */
export type ParsedArgs<V> =
  | { readonly ok: true; readonly values: V; readonly positionals: string[] }
  | { readonly ok: false; readonly message: string };

/** Parses a command's arguments strictly (unknown options are a usage error, not ignored). */
export function parseCommandArgs<V>(
  args: readonly string[],
  options: NonNullable<ParseArgsConfig['options']>,
): ParsedArgs<V> {
  try {
    const parsed = parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
    return { ok: true, values: parsed.values as V, positionals: parsed.positionals };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : 'invalid arguments' };
  }
}

// Argument parsing shared by the commands: node:util parseArgs, with usage errors as values that echo nothing.
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** Parsed arguments, or a usage error message. */
export type ParsedArgs<V> =
  | { readonly ok: true; readonly values: V; readonly positionals: string[] }
  | { readonly ok: false; readonly message: string };

/** An option name shown back in a message only when it looks like one (never arbitrary argument text). */
const OPTION_SHAPE = /^--?[A-Za-z][A-Za-z0-9-]{0,31}$/;

/**
 * Words a parseArgs failure as one short message: the offending option is named when it has an option's
 * shape, and no argument text is ever repeated.
 */
export function argsErrorMessage(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const quoted = error instanceof Error ? /'([^']*)'/.exec(error.message)?.[1] : undefined;
  const name = quoted !== undefined && OPTION_SHAPE.test(quoted) ? ` ${quoted}` : '';
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option${name}`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return `option${name} is missing its value or takes none`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return 'unexpected argument';
    default:
      return 'invalid arguments';
  }
}

/** Parses a command's arguments strictly (unknown options are a usage error, not ignored). */
export function parseCommandArgs<V>(
  args: readonly string[],
  options: NonNullable<ParseArgsConfig['options']>,
): ParsedArgs<V> {
  try {
    const parsed = parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
    return { ok: true, values: parsed.values as V, positionals: parsed.positionals };
  } catch (error) {
    return { ok: false, message: argsErrorMessage(error) };
  }
}

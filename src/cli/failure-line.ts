// Turns an error a command did not expect into one line and an exit code: no stack trace, no input text.
import { ConfigFileError } from '../read/config-file.js';
import { ContractError } from '../vocabulary/contract-error.js';
import { KeyConfigError } from '../evidence/keys.js';
import { MissingPeerError } from '../peers/load-peer.js';
import { PackError } from '../packs/pack-error.js';
import { ProxyConfigError } from '../proxy/config/config-error.js';
import { StoreSpecError } from '../evidence/open-store.js';
import { EXIT } from './exit-codes.js';

/** Errors that are the user's configuration to fix: their messages name files and options, never content. */
const CONFIGURATION_ERRORS = [
  ConfigFileError,
  ContractError,
  KeyConfigError,
  MissingPeerError,
  PackError,
  ProxyConfigError,
  StoreSpecError,
];

/** The error's name when it is a plain identifier (driver messages may hold connection strings). */
export function errorName(error: unknown): string {
  return error instanceof Error && /^[A-Za-z]{1,40}$/.test(error.name) ? error.name : 'Error';
}

/**
 * One line and an exit code for an error: a configuration mistake is exit 2 with its message; anything else
 * is exit 1 with the error's name only (set `AIRLOCK_DEBUG=1` to see the stack).
 */
export function failureLine(
  error: unknown,
  env: Readonly<Record<string, string | undefined>>,
): {
  readonly line: string;
  readonly code: number;
} {
  if (CONFIGURATION_ERRORS.some((type) => error instanceof type)) {
    return { line: (error as Error).message, code: EXIT.usage };
  }
  const stack = env.AIRLOCK_DEBUG === '1' && error instanceof Error ? `\n${error.stack ?? ''}` : '';
  return { line: `unexpected error (${errorName(error)})${stack}`, code: EXIT.failed };
}

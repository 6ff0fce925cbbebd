// How a contract recognizes the tool's own failure shape, and reads its retry flag and finite code.
import type { JsonValue } from '../json/types.js';
import { parsePointer, resolvePath } from '../vocabulary/pointer.js';
import { ContractError } from '../vocabulary/contract-error.js';

/**
 * The contract's failure variant (an envelope's `outcome: "failure"` branch): when the value at `pointer`
 * equals `equals`, the validated result is the tool reporting a failure. `retryable` and `code` point at the
 * envelope's boolean retry flag and its finite error code (reported only when the schema makes it an enum).
 */
export interface FailureVariant {
  readonly pointer: string;
  readonly equals: JsonValue;
  readonly retryable?: string;
  readonly code?: string;
}

/** A failure variant checked at definition time. */
export interface CompiledFailureVariant {
  /** The failure's retry flag and code path, or undefined when the value is a success. */
  match(
    value: unknown,
  ): { readonly retryable: boolean; readonly codePath: readonly string[] | undefined } | undefined;
}

/** Compiles a failure variant (throws `ContractError` on malformed pointers). */
export function compileFailureVariant(
  variant: FailureVariant,
  location = '/failure',
): CompiledFailureVariant {
  const path = (pointer: string | undefined, where: string): readonly string[] | undefined => {
    if (pointer === undefined) return undefined;
    try {
      return parsePointer(pointer);
    } catch {
      throw new ContractError('contract.invalid_definition', `${location}/${where}`, 'Not a JSON pointer');
    }
  };
  const discriminator = path(variant.pointer, 'pointer') ?? [];
  const retryablePath = path(variant.retryable, 'retryable');
  const codePath = path(variant.code, 'code');
  return Object.freeze({
    match(value: unknown) {
      if (resolvePath(value, discriminator) !== variant.equals) return undefined;
      const retryable = retryablePath === undefined ? false : resolvePath(value, retryablePath) === true;
      return { retryable, codePath };
    },
  });
}

// The pointers of a projection: parsed, and checked against what the contract's schema declares.
import type { SchemaPathSegment } from '../schema/declared-path.js';
import { ContractError } from '../vocabulary/contract-error.js';
import { parsePointer } from '../vocabulary/pointer.js';

/**
 * Which paths a projection may name: true when the contract's schema declares the path (see `declaresPath`).
 * `ANY_ITEM` stands for every item of a `{ from, each }` list.
 */
export type DeclaresPath = (path: readonly SchemaPathSegment[]) => boolean;

/** Where a part of a projection sits: the schema check, the path its pointers are relative to, its location. */
export interface Scope {
  readonly declares: DeclaresPath;
  readonly prefix: readonly SchemaPathSegment[];
  readonly location: string;
}

/** The scope of a part of `scope`'s spec, one location segment deeper. */
export const at = (scope: Scope, part: string): Scope => ({
  ...scope,
  location: `${scope.location}/${part}`,
});

/** A pointer of the projection, parsed and checked against what the schema declares. */
export function compilePath(pointer: string, scope: Scope): readonly string[] {
  let path: readonly string[];
  try {
    path = parsePointer(pointer);
  } catch {
    throw new ContractError('contract.invalid_projection', scope.location, 'Not a JSON pointer');
  }
  if (!scope.declares([...scope.prefix, ...path])) {
    const within = scope.prefix.length === 0 ? 'the schema' : 'an item of the list';
    throw new ContractError(
      'contract.invalid_projection',
      scope.location,
      `The pointer ${JSON.stringify(pointer)} names nothing ${within} declares, so no result holds it`,
    );
  }
  return path;
}

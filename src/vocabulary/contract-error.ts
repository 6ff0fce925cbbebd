// The error thrown when a contract itself is unacceptable: a configuration mistake, found at definition time.

/** Why a contract was refused. */
export type ContractErrorCode =
  | 'contract.invalid_definition'
  | 'contract.invalid_limits'
  | 'contract.invalid_schema'
  | 'contract.insecure_schema'
  | 'contract.open_object'
  | 'contract.unbounded_string'
  | 'contract.unbounded_array'
  | 'contract.unbounded_map'
  | 'contract.unconstrained_value'
  | 'contract.missing_purpose'
  | 'contract.invalid_purpose'
  | 'contract.unsupported_ref'
  | 'contract.reserved_name'
  | 'contract.invalid_rule'
  | 'contract.invalid_projection';

/**
 * A contract that cannot be used. Thrown by `defineTool`, the contract-file loader and `definePermissions` (for
 * a tool input schema that is not closed), never while a tool result or call is processed. The message names the
 * schema location; it never holds tool output.
 */
export class ContractError extends Error {
  override readonly name = 'ContractError';

  constructor(
    /** A stable code. */
    readonly code: ContractErrorCode,
    /** Where in the contract (a JSON pointer into the schema or the contract file). */
    readonly location: string,
    message: string,
  ) {
    super(`${message} (at ${location === '' ? 'the root' : location})`);
  }
}

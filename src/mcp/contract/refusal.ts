// Why a server's output schema cannot become a contract: a stable code and where in the schema.

/** The codes of a server schema Airlock refuses before `defineTool` sees it. */
export type HardeningCode =
  | 'mcp.schema_dialect'
  | 'mcp.schema_keyword'
  | 'mcp.schema_ref'
  | 'mcp.schema_untyped'
  | 'mcp.schema_open_object'
  | 'mcp.schema_not_object';

/** Thrown inside the hardening walk and caught at its top; never leaves the module that catches it. */
export class HardeningRefusal extends Error {
  override readonly name = 'HardeningRefusal';

  constructor(
    readonly code: HardeningCode,
    /** A JSON pointer into the server's schema. */
    readonly location: string,
  ) {
    super(`${code} at ${location === '' ? 'the root' : location}`);
  }
}

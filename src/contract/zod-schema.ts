// Turns a zod 4 schema into the JSON Schema 2020-12 a contract is made of, with zod's own exporter.
import type { ZodType } from 'zod';
import { ContractError } from '../vocabulary/contract-error.js';

/** True for a zod 4 schema (recognised by shape, so any copy of zod in the application works). */
export function isZodSchema(value: unknown): value is ZodType {
  return (
    typeof value === 'object' &&
    value !== null &&
    '_zod' in value &&
    typeof (value as { toJSONSchema?: unknown }).toJSONSchema === 'function'
  );
}

/**
 * The JSON Schema of a zod schema's output, exported by zod itself (draft 2020-12; `z.object` is closed,
 * `.meta()` keys such as `x-purpose` are kept). A schema zod cannot express in JSON Schema (a date, a
 * transform, a function) is a `ContractError`; the result is then held to every contract rule, like any other.
 */
export function zodJsonSchema(schema: ZodType, location: string): object {
  try {
    // `$schema` is left out: the exported schema may be placed inside another (an envelope's data).
    const exported: Record<string, unknown> = {
      ...schema.toJSONSchema({ target: 'draft-2020-12', io: 'output', unrepresentable: 'throw' }),
    };
    delete exported.$schema;
    return exported;
  } catch {
    throw new ContractError(
      'contract.invalid_schema',
      location,
      'zod cannot express this schema in JSON Schema (a date, transform or other unrepresentable type)',
    );
  }
}

/** A contract schema as JSON Schema: zod schemas exported, JSON Schema objects as they are. */
export function contractSchemaOf(schema: object, location: string): object {
  return isZodSchema(schema) ? zodJsonSchema(schema, location) : schema;
}

// The string and number keywords of a schema node, read for the generated pass.
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { SchemaObject } from '../schema/subschemas.js';
import { formatCheck, type FormatCheck } from './formats.js';
import { numberOf } from './keywords.js';

/** The string keywords of a node (applied to strings only, as ajv applies them). */
export interface StringChecks {
  readonly minLength: number | undefined;
  readonly maxLength: number | undefined;
  readonly pattern: RegExp | undefined;
  readonly format: FormatCheck | undefined;
}

/** The number keywords of a node (applied to numbers only). */
export interface NumberChecks {
  readonly minimum: number | undefined;
  readonly maximum: number | undefined;
  readonly exclusiveMinimum: number | undefined;
  readonly exclusiveMaximum: number | undefined;
}

/** A node without string keywords. */
export const NO_STRING: StringChecks = Object.freeze({
  minLength: undefined,
  maxLength: undefined,
  pattern: undefined,
  format: undefined,
});
/** A node without number keywords. */
export const NO_NUMBER: NumberChecks = Object.freeze({
  minimum: undefined,
  maximum: undefined,
  exclusiveMinimum: undefined,
  exclusiveMaximum: undefined,
});

/** The string keywords of a node, its pattern compiled as ajv compiles it (`NO_STRING` when it has none). */
export function stringChecks(schema: SchemaObject, location: string, ajv: Ajv2020): StringChecks {
  const { pattern, format } = schema;
  if (
    pattern === undefined &&
    format === undefined &&
    schema.minLength === undefined &&
    schema.maxLength === undefined
  )
    return NO_STRING;
  return {
    minLength: numberOf(schema, 'minLength', location),
    maxLength: numberOf(schema, 'maxLength', location),
    pattern: typeof pattern === 'string' ? new RegExp(pattern, 'u') : undefined,
    format: typeof format === 'string' ? formatCheck(ajv, format, location) : undefined,
  };
}

/** The number keywords of a node (`NO_NUMBER` when it has none). */
export function numberChecks(schema: SchemaObject, location: string): NumberChecks {
  const keys = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'] as const;
  if (keys.every((key) => schema[key] === undefined)) return NO_NUMBER;
  return {
    minimum: numberOf(schema, 'minimum', location),
    maximum: numberOf(schema, 'maximum', location),
    exclusiveMinimum: numberOf(schema, 'exclusiveMinimum', location),
    exclusiveMaximum: numberOf(schema, 'exclusiveMaximum', location),
  };
}

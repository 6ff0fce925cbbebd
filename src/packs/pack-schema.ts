// Checks parsed pack.json against pack.schema.json (beside this file) and words the first error for a person.
import type { ErrorObject, ValidateFunction } from 'ajv';
import packSchema from './pack.schema.json' with { type: 'json' };
import { createAjv } from '../schema/ajv-factory.js';
import type { PackSpec } from './pack.js';

/** The first schema error of a pack: where it is and what is wrong. */
export interface PackSchemaError {
  readonly pointer: string;
  readonly problem: string;
}

let validator: ValidateFunction | undefined;

/** Validates a parsed pack; `undefined` when it matches the pack schema, else its first error. */
export function checkPackSchema(value: unknown): PackSchemaError | undefined {
  validator ??= createAjv().compile(packSchema);
  if (validator(value)) return undefined;
  const errors = validator.errors ?? [];
  // With allErrors off, ajv stops at the first failing keyword; a failed oneOf/anyOf comes last, after the
  // errors of its branches at the same place, and says more than any single branch does.
  const last = errors.at(-1);
  if (last === undefined) return { pointer: '', problem: 'does not match the pack schema' };
  return { pointer: last.instancePath, problem: describe(last, errors) };
}

/** Narrows a value already checked by {@link checkPackSchema}. */
export function asPackSpec(value: unknown): PackSpec {
  return value as PackSpec;
}

function describe(error: ErrorObject, all: readonly ErrorObject[]): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `missing the required member "${String(params.missingProperty)}"`;
    case 'additionalProperties':
      return `has a member the format does not know: "${String(params.additionalProperty)}"`;
    case 'type':
      return `must be of type ${String(params.type)}`;
    case 'enum':
      return `must be one of ${JSON.stringify(params.allowedValues)}`;
    case 'const':
      return `must be ${JSON.stringify(params.allowedValue)}`;
    case 'pattern':
      return `must match the pattern ${String(params.pattern)}`;
    case 'format':
      return `must be a valid ${String(params.format)}`;
    case 'minLength':
    case 'minItems':
    case 'minProperties':
    case 'minimum':
      return `is below the minimum of ${String(params.limit)} (${error.keyword})`;
    case 'maxLength':
    case 'maxItems':
    case 'maxProperties':
    case 'maximum':
      return `is above the maximum of ${String(params.limit)} (${error.keyword})`;
    case 'uniqueItems':
      return `lists the same entry twice (items ${String(params.j)} and ${String(params.i)})`;
    case 'oneOf':
    case 'anyOf':
      return alternatives(error, all);
    default:
      return `fails the "${error.keyword}" rule of the pack schema`;
  }
}

/** A failed oneOf/anyOf: name the members its branches asked for, when they were member requirements. */
function alternatives(error: ErrorObject, all: readonly ErrorObject[]): string {
  const passing = (error.params as { passingSchemas?: unknown }).passingSchemas;
  if (Array.isArray(passing))
    return 'matches more than one of its alternative forms; it must match exactly one';
  const members = all
    .filter((other) => other.instancePath === error.instancePath && other.keyword === 'required')
    .map((other) => `"${String((other.params as { missingProperty?: unknown }).missingProperty)}"`);
  if (members.length === 0) return 'matches none of its allowed forms';
  return error.keyword === 'oneOf'
    ? `needs exactly one of ${members.join(', ')}`
    : `needs at least one of ${members.join(', ')}`;
}

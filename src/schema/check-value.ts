// A compiled validator as a pure function: the verdict and the first error are returned, never left on the function.
import type { ValidateFunction } from 'ajv';

/** Where a value first broke its schema: ajv's keyword, instance path and schema path. */
export interface SchemaViolation {
  readonly keyword: string;
  readonly instancePath: string;
  readonly schemaPath: string;
}

/** The verdict on one value. */
export type SchemaCheck = { readonly ok: true } | { readonly ok: false; readonly violation: SchemaViolation };

/** A validator that returns its verdict instead of leaving errors in shared state. */
export type CheckValue = (value: unknown) => SchemaCheck;

const PASSED: SchemaCheck = Object.freeze({ ok: true });

/**
 * Wraps an ajv validator compiled with `allErrors: false`. ajv keeps errors on the function object until the
 * next call; they are read in the same synchronous turn as the call, so concurrent callers never see each
 * other's errors.
 */
export function checkerOf(validate: ValidateFunction): CheckValue {
  return (value) => {
    if (validate(value)) return PASSED;
    const error = validate.errors?.[0];
    return {
      ok: false,
      violation: Object.freeze({
        keyword: error?.keyword ?? 'unknown',
        instancePath: error?.instancePath ?? '',
        schemaPath: error?.schemaPath ?? '#',
      }),
    };
  };
}

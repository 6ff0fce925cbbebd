// Checks one schema node against ajv's own security meta-schema (slow patterns, unbounded uniqueness).
import type { ValidateFunction } from 'ajv';
import { validate } from './generated/secure-schema.js';

/** The precompiled check (see `scripts/generate-validators.ts` and `secure-options.ts`). */
const checker = validate as unknown as ValidateFunction;

/**
 * True when a schema node passes `ajv/lib/refs/json-schema-secure.json`: `pattern` and `format` beside a
 * `maxLength`, `uniqueItems` on objects or arrays beside a `maxItems`, `patternProperties` beside bounded
 * `propertyNames`. That meta-schema is written for draft-07 and only descends through draft-07 keywords, so
 * the contract walker calls this on every subschema it reaches, 2020-12 keywords included.
 */
export function isSecureSchemaNode(node: unknown): boolean {
  return checker(node);
}

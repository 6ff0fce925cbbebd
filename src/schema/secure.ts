// Checks one schema node against ajv's own security meta-schema (slow patterns, unbounded uniqueness).
import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';

const require = createRequire(import.meta.url);
let checker: ValidateFunction | undefined;

/**
 * True when a schema node passes `ajv/lib/refs/json-schema-secure.json`: `pattern` and `format` beside a
 * `maxLength`, `uniqueItems` on objects or arrays beside a `maxItems`, `patternProperties` beside bounded
 * `propertyNames`. That meta-schema is written for draft-07 and only descends through draft-07 keywords, so
 * the contract walker calls this on every subschema it reaches, 2020-12 keywords included.
 */
export function isSecureSchemaNode(node: unknown): boolean {
  // ajv's own meta-schema, not checked against draft-07's: that check would compile draft-07 for nothing.
  checker ??= new Ajv({ strict: false, allErrors: false, validateSchema: false }).compile(
    require('ajv/lib/refs/json-schema-secure.json') as object,
  );
  return checker(node);
}

// Checks one schema node against ajv's own security meta-schema (slow patterns, unbounded uniqueness).
import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';

const require = createRequire(import.meta.url);
let checker: ValidateFunction | undefined;
/**
 * ajv's own meta-schema is not checked against draft-07's (that would compile draft-07 for nothing), and is
 * generated without the optimising pass, which changes no verdict and costs more than it saves here.
 */
const CHECKER_OPTIONS = { strict: false, allErrors: false, validateSchema: false, code: { optimize: false } };

/**
 * True when a schema node passes `ajv/lib/refs/json-schema-secure.json`: `pattern` and `format` beside a
 * `maxLength`, `uniqueItems` on objects or arrays beside a `maxItems`, `patternProperties` beside bounded
 * `propertyNames`. That meta-schema is written for draft-07 and only descends through draft-07 keywords, so
 * the contract walker calls this on every subschema it reaches, 2020-12 keywords included.
 */
export function isSecureSchemaNode(node: unknown): boolean {
  checker ??= new Ajv(CHECKER_OPTIONS).compile(require('ajv/lib/refs/json-schema-secure.json') as object);
  return checker(node);
}

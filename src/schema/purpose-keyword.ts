// The `x-purpose` schema keyword: an annotation naming what a string field is for, with per-purpose options.
import type { AnySchemaObject, CodeKeywordDefinition, ValidateFunction } from 'ajv';
import { PURPOSE_KINDS } from '../vocabulary/purpose-kinds.js';

/** The keyword a contract uses on every string leaf: `"x-purpose": "text"` or `{ "kind": "text", ... }`. */
export const PURPOSE_KEYWORD = 'x-purpose';

/** The shape the keyword's value must have: a purpose kind, or an object naming one in `kind`. */
export function purposeKeywordMetaSchema(): AnySchemaObject {
  return {
    oneOf: [
      { enum: [...PURPOSE_KINDS] },
      {
        type: 'object',
        required: ['kind'],
        properties: { kind: { enum: [...PURPOSE_KINDS] } },
      },
    ],
  };
}

/**
 * The keyword's definition for ajv (fresh each call: ajv annotates the object it is given). An annotation:
 * it generates no validation code, and ajv's strict mode checks its shape at definition time, with
 * `shapeCheck` when given (the check of {@link purposeKeywordMetaSchema} compiled ahead of time), else by
 * compiling the meta-schema. Per-purpose options are checked by the purpose registry when a contract is defined.
 */
export function purposeKeywordDefinition(shapeCheck?: ValidateFunction): CodeKeywordDefinition {
  const definition: CodeKeywordDefinition = {
    keyword: PURPOSE_KEYWORD,
    schemaType: ['string', 'object'],
    code: () => undefined,
  };
  return shapeCheck === undefined
    ? { ...definition, metaSchema: purposeKeywordMetaSchema() }
    : { ...definition, validateSchema: shapeCheck };
}

// The `x-purpose` schema keyword: an annotation naming what a string field is for, with per-purpose options.
import type { CodeKeywordDefinition } from 'ajv';
import { PURPOSE_KINDS } from '../vocabulary/purpose-kinds.js';

/** The keyword a contract uses on every string leaf: `"x-purpose": "text"` or `{ "kind": "text", ... }`. */
export const PURPOSE_KEYWORD = 'x-purpose';

/**
 * The keyword's definition for ajv (fresh each call: ajv annotates the object it is given). An annotation:
 * it generates no validation code, and ajv's strict mode checks its shape against the meta-schema at
 * definition time. Per-purpose options are checked by the purpose registry when a contract is defined.
 */
export function purposeKeywordDefinition(): CodeKeywordDefinition {
  return {
    keyword: PURPOSE_KEYWORD,
    schemaType: ['string', 'object'],
    metaSchema: {
      oneOf: [
        { enum: [...PURPOSE_KINDS] },
        {
          type: 'object',
          required: ['kind'],
          properties: { kind: { enum: [...PURPOSE_KINDS] } },
        },
      ],
    },
    code: () => undefined,
  };
}

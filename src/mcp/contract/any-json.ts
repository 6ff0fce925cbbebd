// A bounded "any JSON value" schema: what a contract uses where a schema says anything goes, strings as text.
import type { InstructionPolicy } from '../../purposes/text/instruction.js';

/** The bounds every value under an any-JSON schema keeps to. */
export interface AnyJsonBounds {
  readonly maxLength: number;
  readonly maxItems: number;
  readonly maxProperties: number;
}

/** Where the any-JSON definition lives inside a hardened schema (and inside every result envelope). */
export const ANY_JSON_REF = '#/$defs/airlock.json';

/** Longest member name accepted in an open map (names are not sanitized, so they stay short). */
export const MAX_MEMBER_NAME = 256;

/**
 * The schema of any JSON value within `bounds`, recursing through `ref` (the pointer this very definition is
 * reachable at). It is a closed contract in Airlock's sense: every string is `text` with a `maxLength`,
 * every array has `maxItems`, every object is a map with `maxProperties` and short member names, depth is
 * bounded by the parser. Used for `{}`/`true` in server schemas, explicit open maps, and `_meta`.
 */
export function anyJsonSchema(ref: string, bounds: AnyJsonBounds, instructions?: InstructionPolicy): object {
  const self = { $ref: ref };
  return {
    anyOf: [
      { type: 'null' },
      { type: 'boolean' },
      { type: 'number' },
      {
        type: 'string',
        maxLength: bounds.maxLength,
        'x-purpose': textPurpose(bounds.maxLength, instructions),
      },
      { type: 'array', maxItems: bounds.maxItems, items: self },
      {
        type: 'object',
        maxProperties: bounds.maxProperties,
        propertyNames: { maxLength: MAX_MEMBER_NAME },
        patternProperties: { '': self },
        additionalProperties: false,
      },
    ],
  };
}

/** The `x-purpose` of a string of prose. */
export interface TextPurposeSpec {
  readonly kind: 'text';
  readonly maxBytes: number;
  readonly instructions?: InstructionPolicy;
}

/**
 * The `text` purpose for a string of at most `maxLength` code points: its byte ceiling set to four bytes per
 * code point, so only `maxLength` binds (the text purpose's own 256 KiB default would refuse long prose).
 * `instructions`, when given, is the field's own injection-signal policy (otherwise the contract's applies).
 */
export function textPurpose(maxLength: number, instructions?: InstructionPolicy): TextPurposeSpec {
  const spec = { kind: 'text', maxBytes: maxLength * 4 } as const;
  return instructions === undefined ? spec : { ...spec, instructions };
}

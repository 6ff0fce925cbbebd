// Which schema keywords the contract compiler covers, and how a node's keywords are read for it.
import type { SchemaObject } from '../schema/subschemas.js';
import type { Primitive } from './model.js';

/** A contract the compiler does not cover, and why: the gate interprets it instead. */
export class Unsupported extends Error {
  override readonly name = 'Unsupported';

  constructor(
    /** The node's JSON pointer in the contract. */
    readonly location: string,
    /** What is not covered there. */
    readonly reason: string,
  ) {
    super(`The contract compiler does not cover ${reason} (at ${location === '' ? 'the root' : location})`);
  }
}

/** Keywords that assert nothing about a value (ajv checks them when the schema is compiled, or ignores them). */
const ANNOTATIONS: ReadonlySet<string> = new Set([
  '$schema',
  '$id',
  '$anchor',
  '$comment',
  '$defs',
  'title',
  'description',
  'examples',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  'x-purpose',
]);

/** The assertions the generated pass checks itself, exactly as ajv does. */
const CHECKED: ReadonlySet<string> = new Set([
  'type',
  'enum',
  'const',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'properties',
  'required',
  'additionalProperties',
  'minProperties',
  'maxProperties',
  'prefixItems',
  'items',
  'minItems',
  'maxItems',
]);

/** Keywords that stand alone in a node (with annotations only): a reference, or a choice of branches. */
const ALONE = ['$ref', 'oneOf', 'anyOf'] as const;

/**
 * What a node is to the compiler: a reference, a union of branches, or a node of plain assertions. Throws
 * `Unsupported` for a keyword outside the covered set, and for `$ref`, `oneOf` or `anyOf` beside assertions.
 */
export function checkKeywords(schema: SchemaObject, location: string): 'ref' | 'union' | 'plain' {
  const keywords = Object.keys(schema).filter((keyword) => !ANNOTATIONS.has(keyword));
  const alone = ALONE.filter((keyword) => schema[keyword] !== undefined);
  if (alone.length > 0) {
    if (keywords.length > 1)
      throw new Unsupported(location, `"${alone.join('", "')}" beside other assertions`);
    return alone[0] === '$ref' ? 'ref' : 'union';
  }
  const other = keywords.find((keyword) => !CHECKED.has(keyword));
  if (other !== undefined) throw new Unsupported(location, `the keyword "${other}"`);
  return 'plain';
}

/** A numeric keyword's value (`undefined` when absent). */
export function numberOf(schema: SchemaObject, keyword: string, location: string): number | undefined {
  const value = schema[keyword];
  if (value === undefined) return undefined;
  if (typeof value !== 'number') throw new Unsupported(location, `a non-numeric "${keyword}"`);
  return value;
}

/** The values of an `enum`/`const`, when each is a string, number, boolean or null (compared with `===`). */
export function primitivesOf(values: readonly unknown[], location: string): readonly Primitive[] {
  for (const value of values) {
    if (value !== null && typeof value === 'object')
      throw new Unsupported(location, 'an object or array in "enum" or "const"');
  }
  return values as readonly Primitive[];
}

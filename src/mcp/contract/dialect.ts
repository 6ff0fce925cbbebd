// Server output schemas in JSON Schema 2020-12: which dialects are read, and each node's keywords translated.
import { isSchemaObject, type SchemaObject } from '../../schema/subschemas.js';
import { HardeningRefusal } from './refusal.js';

/** A dialect a server schema may declare; draft-06 reads as draft-07, an absent `$schema` as 2020-12. */
export type Dialect = 'draft-07' | '2019-09' | '2020-12';

const DIALECTS: ReadonlyArray<readonly [RegExp, Dialect]> = Object.freeze([
  [/^https?:\/\/json-schema\.org\/draft-0[67]\/schema#?$/, 'draft-07'],
  [/^https?:\/\/json-schema\.org\/draft\/2019-09\/schema#?$/, '2019-09'],
  [/^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/, '2020-12'],
]);

/** Keywords kept as they are: 2020-12 validation and applicators (subschemas are hardened separately). */
const KEPT = new Set([
  '$ref',
  '$defs',
  'type',
  'enum',
  'const',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'format',
  'maxItems',
  'minItems',
  'uniqueItems',
  'maxContains',
  'minContains',
  'maxProperties',
  'minProperties',
  'required',
  'dependentRequired',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  'dependentSchemas',
  'prefixItems',
  'items',
  'contains',
  'properties',
  'patternProperties',
  'additionalProperties',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
]);

/** Annotations only: they change no verdict, so they are dropped (a contract keeps what it enforces). */
const DROPPED = new Set([
  '$schema',
  '$comment',
  'title',
  'description',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  'contentEncoding',
  'contentMediaType',
  'contentSchema',
]);

/** The formats Airlock's validator asserts (ajv-formats, full mode); any other format is an annotation. */
const FORMATS = new Set([
  'date',
  'time',
  'date-time',
  'iso-time',
  'iso-date-time',
  'duration',
  'uri',
  'uri-reference',
  'uri-template',
  'url',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'regex',
  'uuid',
  'json-pointer',
  'json-pointer-uri-fragment',
  'relative-json-pointer',
  'byte',
  'int32',
  'int64',
  'float',
  'double',
  'password',
  'binary',
]);

/** The dialect a root schema declares, or a refusal for one Airlock does not read (draft-04 and older). */
export function dialectOf(root: SchemaObject): Dialect {
  const declared = root.$schema;
  if (declared === undefined) return '2020-12';
  const match = DIALECTS.find(([pattern]) => typeof declared === 'string' && pattern.test(declared));
  if (match === undefined) throw new HardeningRefusal('mcp.schema_dialect', '/$schema');
  return match[1];
}

/**
 * One node's keywords in 2020-12, as a fresh object whose keyword maps and lists are copies (subschemas are
 * still the server's, to be hardened by the caller). Draft-07 and 2019-09 differences that change a verdict:
 * - `definitions` → `$defs`, and `#/definitions/…` references with it;
 * - array-form `items` → `prefixItems`, and `additionalItems` → `items` (dropped beside a single `items`);
 * - `dependencies` → `dependentRequired` (name lists) and `dependentSchemas` (schemas);
 * - draft-07 ignores the siblings of `$ref`: they are dropped (definitions kept);
 * Annotations, `$comment` and `x-` extensions are dropped (a server never picks a field purpose); a format
 * the validator does not know is dropped as the annotation it is. Refused: remote references, embedded
 * `$id`, anchors and recursive or dynamic references, boolean `exclusiveMaximum` (draft-04), any other keyword.
 */
export function translateNode(
  node: SchemaObject,
  dialect: Dialect,
  location: string,
  isRoot: boolean,
): Record<string, unknown> {
  const refOnly = dialect === 'draft-07' && typeof node.$ref === 'string';
  const source = refOnly ? pick(node, ['$ref', 'definitions', '$defs']) : { ...node };
  const out: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(source)) {
    if (DROPPED.has(keyword) || keyword.startsWith('x-') || (keyword === '$id' && isRoot)) continue;
    if (keyword === 'definitions' || keyword === '$defs') {
      out.$defs = { ...(out.$defs as object | undefined), ...(value as object) };
    } else if (keyword === 'dependencies' && isSchemaObject(value)) {
      splitDependencies(value, out);
    } else if (keyword === 'additionalItems' || keyword === 'items') {
      continue;
    } else if (keyword === '$ref') {
      out.$ref = localRef(value, location);
    } else if (keyword === 'format') {
      if (typeof value === 'string' && FORMATS.has(value)) out.format = value;
    } else if (
      (keyword === 'exclusiveMaximum' || keyword === 'exclusiveMinimum') &&
      typeof value === 'boolean'
    ) {
      throw new HardeningRefusal('mcp.schema_dialect', `${location}/${keyword}`);
    } else if (KEPT.has(keyword)) {
      out[keyword] = copyShallow(value);
    } else {
      throw new HardeningRefusal('mcp.schema_keyword', `${location}/${keyword}`);
    }
  }
  translateItems(source, out, dialect);
  return out;
}

function translateItems(
  source: Record<string, unknown>,
  out: Record<string, unknown>,
  dialect: Dialect,
): void {
  const { items, additionalItems } = source;
  if (Array.isArray(items) && dialect !== '2020-12') {
    out.prefixItems = [...(items as unknown[])];
    if (additionalItems !== undefined) out.items = additionalItems;
  } else if (items !== undefined) {
    out.items = items;
  }
}

function splitDependencies(dependencies: Record<string, unknown>, out: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(dependencies)) {
    const keyword = Array.isArray(value) ? 'dependentRequired' : 'dependentSchemas';
    out[keyword] = { ...(out[keyword] as object | undefined), [name]: value };
  }
}

function localRef(value: unknown, location: string): string {
  if (typeof value !== 'string' || !value.startsWith('#')) {
    throw new HardeningRefusal('mcp.schema_ref', `${location}/$ref`);
  }
  return value.startsWith('#/definitions/') ? `#/$defs/${value.slice('#/definitions/'.length)}` : value;
}

function pick(node: SchemaObject, keywords: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(node).filter(([keyword]) => keywords.includes(keyword)));
}

function copyShallow(value: unknown): unknown {
  if (Array.isArray(value)) return [...(value as unknown[])];
  return isSchemaObject(value) ? { ...value } : value;
}

// A server's outputSchema made into a contract schema by fixed, documented rules, or refused with a code and location.
import {
  declaredTypes,
  finiteValues,
  isSchemaObject,
  subschemasOf,
  type SchemaObject,
} from '../../schema/subschemas.js';
import { ANY_JSON_REF, anyJsonSchema, MAX_MEMBER_NAME, textPurpose, type AnyJsonBounds } from './any-json.js';
import { dialectOf, translateNode, type Dialect } from './dialect.js';
import { capped, closeObject } from './close-object.js';
import { HardeningRefusal, type HardeningCode } from './refusal.js';

/** Bounds a server schema does not state, supplied by the client (every one also caps what the server states). */
export type HardeningDefaults = AnyJsonBounds;

/** A hardened schema (2020-12, closed, bounded, purposed), or why the server's schema was refused. */
export type Hardened =
  | { readonly ok: true; readonly schema: SchemaObject }
  | { readonly ok: false; readonly code: HardeningCode; readonly location: string };

type Role = 'value' | 'branch' | 'test';

interface Walk {
  readonly dialect: Dialect;
  readonly bounds: HardeningDefaults;
}

/**
 * Hardens a server's `outputSchema`. The rules, in order, for every subschema that describes a value:
 * 1. the dialect is read from `$schema` (draft-07, 2019-09, 2020-12) and translated (see `translateNode`);
 * 2. a schema that accepts anything (`{}`, `true`) becomes the bounded any-JSON schema;
 * 3. a schema with no `type` takes the one its keywords imply (`properties` → object, `items` → array,
 *    `maxLength` → string); keywords of several types are refused;
 * 4. every string that is not one of a fixed list gets `maxLength` (the default, or the server's if lower)
 *    and the `text` purpose — a server never picks a purpose, so none of its prose becomes trusted;
 * 5. every array gets `maxItems` the same way, and any-JSON items when it states none;
 * 6. objects are closed unless the schema says otherwise (see `closeObject`); an untyped `allOf` of objects is
 *    typed as one object and closed as a whole; `anyOf`/`oneOf` branches are closed one by one;
 * 7. `pattern` and `format` always sit beside a `maxLength` (ajv's security rules).
 * Subschemas that only test a value (`if`, `not`, `propertyNames`) are translated and kept as they are.
 * Never throws: a refusal is returned with its code and a pointer into the server's schema.
 */
export function hardenOutputSchema(schema: unknown, bounds: HardeningDefaults): Hardened {
  try {
    if (!isSchemaObject(schema)) throw new HardeningRefusal('mcp.schema_not_object', '');
    const walk: Walk = { dialect: dialectOf(schema), bounds };
    const root = harden(schema, '', 'value', false, walk, true) as Record<string, unknown>;
    const defs = (root.$defs ?? {}) as Record<string, unknown>;
    return {
      ok: true,
      schema: { ...root, $defs: { ...defs, 'airlock.json': anyJsonSchema(ANY_JSON_REF, bounds) } },
    };
  } catch (error) {
    if (error instanceof HardeningRefusal) return { ok: false, code: error.code, location: error.location };
    throw error;
  }
}

function harden(
  node: unknown,
  location: string,
  role: Role,
  closedByParent: boolean,
  walk: Walk,
  isRoot = false,
): unknown {
  if (node === false) return false;
  if (
    node === true ||
    (isSchemaObject(node) && isEmptyAfterTranslation(node, walk.dialect, location, isRoot))
  ) {
    return role === 'test' ? node : { $ref: ANY_JSON_REF };
  }
  if (!isSchemaObject(node)) throw new HardeningRefusal('mcp.schema_not_object', location);
  const out = translateNode(node, walk.dialect, location, isRoot);
  if (role !== 'test') bound(out, location, role, closedByParent, walk.bounds);
  else securePattern(out, walk.bounds);
  const closesBranches = out.unevaluatedProperties === false;
  for (const sub of subschemasOf(out)) {
    const subRole: Role = sub.role === 'member' ? 'value' : sub.role === 'branch' ? 'branch' : 'test';
    const closed = sub.role === 'branch' && (closedByParent || closesBranches);
    const hardened = harden(sub.schema, `${location}/${sub.path.join('/')}`, subRole, closed, walk);
    setAt(out, sub.path, isNeutralBranch(sub.keyword, sub.schema) ? sub.schema : hardened);
  }
  if (isSchemaObject(out.$defs)) {
    const defs: Record<string, unknown> = {};
    for (const [name, def] of Object.entries(out.$defs))
      defs[name] = harden(def, `${location}/$defs/${name}`, 'value', false, walk);
    out.$defs = defs;
  }
  return out;
}

/** Rules 3–7 on one translated node that describes a value or a composition branch. */
function bound(
  out: Record<string, unknown>,
  location: string,
  role: Role,
  closedByParent: boolean,
  bounds: HardeningDefaults,
): void {
  if (role === 'value' && !isConstrained(out)) out.type = impliedType(out, location);
  const types = declaredTypes(out) ?? [];
  const finite = finiteValues(out) !== undefined;
  if (types.includes('string') && !finite) {
    out.maxLength = capped(out.maxLength, bounds.maxLength);
    out['x-purpose'] = textPurpose(out.maxLength as number);
  }
  if (types.includes('array')) {
    out.maxItems = capped(out.maxItems, bounds.maxItems);
    if (out.items === undefined) out.items = { $ref: ANY_JSON_REF };
  }
  if (types.length === 0 && allObjects(out.allOf)) out.type = 'object';
  if (out.type === 'object' || types.includes('object')) {
    const composed = ['allOf', 'anyOf', 'oneOf', '$ref'].some((keyword) => out[keyword] !== undefined);
    closeObject(out, location, composed, closedByParent, bounds);
  }
  securePattern(out, bounds);
}

/** An `allOf` whose every branch is an object schema: the composition is one object, closed as a whole. */
function allObjects(branches: unknown): boolean {
  return (
    Array.isArray(branches) &&
    branches.length > 0 &&
    branches.every((branch) => isSchemaObject(branch) && declaredTypes(branch)?.includes('object') === true)
  );
}

function securePattern(out: Record<string, unknown>, bounds: HardeningDefaults): void {
  if ((out.pattern !== undefined || out.format !== undefined) && typeof out.maxLength !== 'number')
    out.maxLength = bounds.maxLength;
  if (isSchemaObject(out.propertyNames) && typeof out.propertyNames.maxLength !== 'number')
    out.propertyNames = { ...out.propertyNames, maxLength: MAX_MEMBER_NAME };
}

/** An always-true branch of `allOf`/`then`/`else` adds nothing: kept as it is (any-JSON there would clash). */
function isNeutralBranch(keyword: string, schema: unknown): boolean {
  const always = schema === true || (isSchemaObject(schema) && Object.keys(schema).length === 0);
  return always && (keyword === 'allOf' || keyword === 'then' || keyword === 'else');
}

function isConstrained(out: Record<string, unknown>): boolean {
  return ['type', 'enum', 'const', '$ref', 'allOf', 'anyOf', 'oneOf'].some(
    (keyword) => out[keyword] !== undefined,
  );
}

const IMPLIED: ReadonlyArray<readonly [string, readonly string[]]> = [
  [
    'object',
    [
      'properties',
      'patternProperties',
      'additionalProperties',
      'required',
      'minProperties',
      'maxProperties',
      'propertyNames',
      'dependentRequired',
      'dependentSchemas',
      'unevaluatedProperties',
    ],
  ],
  [
    'array',
    [
      'items',
      'prefixItems',
      'contains',
      'minItems',
      'maxItems',
      'uniqueItems',
      'unevaluatedItems',
      'minContains',
      'maxContains',
    ],
  ],
  ['string', ['maxLength', 'minLength', 'pattern', 'format']],
  ['number', ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf']],
];

function impliedType(out: Record<string, unknown>, location: string): string {
  const types = IMPLIED.filter(([, keywords]) => keywords.some((keyword) => out[keyword] !== undefined));
  const only = types.length === 1 ? types[0] : undefined;
  if (only === undefined) throw new HardeningRefusal('mcp.schema_untyped', location);
  return only[0];
}

function isEmptyAfterTranslation(
  node: SchemaObject,
  dialect: Dialect,
  location: string,
  isRoot: boolean,
): boolean {
  return Object.keys(translateNode(node, dialect, location, isRoot)).length === 0;
}

/** Writes a hardened subschema back at its path (`[keyword]` or `[keyword, name-or-index]`) in a copied node. */
function setAt(out: Record<string, unknown>, path: readonly string[], value: unknown): void {
  const [keyword, key] = path;
  if (keyword === undefined) return;
  if (key === undefined) {
    out[keyword] = value;
    return;
  }
  const container = out[keyword];
  if (Array.isArray(container)) container[Number(key)] = value;
  else if (isSchemaObject(container)) (container as Record<string, unknown>)[key] = value;
}

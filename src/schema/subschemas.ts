// Enumerates the subschemas of one JSON Schema 2020-12 node, each with the role it plays for an instance.

/** A JSON Schema: an object or a boolean. */
export type SchemaNode = boolean | SchemaObject;

/** A JSON Schema object (keywords are read as unknown and narrowed where used). */
export type SchemaObject = { readonly [keyword: string]: unknown };

/**
 * What a subschema describes, relative to its parent's instance:
 * - `member`: a value inside the instance (a property, an item);
 * - `branch`: the same instance, as a composition member (`allOf`, `oneOf`, `then`, a `$ref` target …);
 * - `condition`: the same instance, only tested (`if`, `not`) — it produces no value of its own;
 * - `name`: the instance's member names (`propertyNames`).
 */
export type SubschemaRole = 'member' | 'branch' | 'condition' | 'name';

/** One subschema of a node. */
export interface Subschema {
  readonly keyword: string;
  /** Path from the parent node to the subschema, as JSON pointer segments. */
  readonly path: readonly string[];
  readonly role: SubschemaRole;
  readonly schema: SchemaNode;
}

const MEMBER_SINGLE = [
  'additionalProperties',
  'unevaluatedProperties',
  'items',
  'contains',
  'unevaluatedItems',
];
const MEMBER_MAP = ['properties', 'patternProperties'];
const BRANCH_LIST = ['allOf', 'anyOf', 'oneOf'];
const BRANCH_SINGLE = ['then', 'else'];
const CONDITION_SINGLE = ['if', 'not'];

/** True for a schema object (as opposed to `true`/`false`). */
export function isSchemaObject(node: unknown): node is SchemaObject {
  return typeof node === 'object' && node !== null && !Array.isArray(node);
}

/** The direct subschemas of a node, in keyword order. `$ref` targets are not included: resolve them separately. */
export function subschemasOf(node: SchemaNode): Subschema[] {
  if (!isSchemaObject(node)) return [];
  const out: Subschema[] = [];
  const add = (keyword: string, path: string[], role: SubschemaRole, schema: unknown): void => {
    if (typeof schema === 'boolean' || isSchemaObject(schema)) out.push({ keyword, path, role, schema });
  };
  for (const keyword of MEMBER_MAP) {
    const map = node[keyword];
    if (isSchemaObject(map))
      for (const [key, schema] of Object.entries(map)) add(keyword, [keyword, key], 'member', schema);
  }
  for (const keyword of MEMBER_SINGLE) add(keyword, [keyword], 'member', node[keyword]);
  const prefixItems = node.prefixItems;
  if (Array.isArray(prefixItems)) {
    prefixItems.forEach((schema, i) => {
      add('prefixItems', ['prefixItems', String(i)], 'member', schema);
    });
  }
  for (const keyword of BRANCH_LIST) {
    const list = node[keyword];
    if (Array.isArray(list)) {
      list.forEach((schema, i) => {
        add(keyword, [keyword, String(i)], 'branch', schema);
      });
    }
  }
  for (const keyword of BRANCH_SINGLE) add(keyword, [keyword], 'branch', node[keyword]);
  const dependentSchemas = node.dependentSchemas;
  if (isSchemaObject(dependentSchemas)) {
    for (const [key, schema] of Object.entries(dependentSchemas))
      add('dependentSchemas', ['dependentSchemas', key], 'branch', schema);
  }
  for (const keyword of CONDITION_SINGLE) add(keyword, [keyword], 'condition', node[keyword]);
  add('propertyNames', ['propertyNames'], 'name', node.propertyNames);
  return out;
}

/** The JSON types a node admits by its `type` keyword (undefined when it has none). */
export function declaredTypes(node: SchemaObject): readonly string[] | undefined {
  const type = node.type;
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type.filter((t): t is string => typeof t === 'string');
  return undefined;
}

/** The values an `enum` or `const` limits a node to, or `undefined` when it has neither. */
export function finiteValues(node: SchemaObject): readonly unknown[] | undefined {
  if (Array.isArray(node.enum)) return node.enum as unknown[];
  return node.const === undefined ? undefined : [node.const];
}

/** True when a node's `enum`/`const` admits at least one string. */
export function admitsFiniteStrings(node: SchemaObject): boolean {
  return finiteValues(node)?.some((value) => typeof value === 'string') ?? false;
}

// Whether a contract schema declares a path: a projection pointer to a member no value can hold is a mistake.
import { isArrayIndex, locatePath } from '../vocabulary/pointer.js';
import { resolveLocalRef } from './refs.js';
import { finiteValues, isSchemaObject, type SchemaNode, type SchemaObject } from './subschemas.js';

/** A path segment that stands for any item of an array (a projection's `{ from, each }`). */
export const ANY_ITEM: unique symbol = Symbol('any item');

/** One step of a path into values of a schema: a member name or index, or {@link ANY_ITEM}. */
export type SchemaPathSegment = string | typeof ANY_ITEM;

const BRANCH_LISTS = ['allOf', 'anyOf', 'oneOf'] as const;
const BRANCHES = ['then', 'else'] as const;
const MEMBER_FALLBACKS = ['additionalProperties', 'unevaluatedProperties'] as const;
const ITEM_FALLBACKS = ['items', 'unevaluatedItems', 'contains'] as const;

/**
 * True when some value the schema admits can hold `path`: a member named in `properties`, matched by
 * `patternProperties`, or admitted by an `additionalProperties`/`unevaluatedProperties` schema other than
 * `false`; an item of `prefixItems`, `items`, `unevaluatedItems` or `contains` — at the node itself, through a
 * local `$ref`, or in any branch (`allOf`, `anyOf`, `oneOf`, `then`, `else`, `dependentSchemas`). A member a
 * contract leaves undeclared is one its closed objects refuse, so no accepted result holds it. `true` admits
 * every path; an `enum` or `const` admits the paths its values have.
 */
export function declaresPath(root: SchemaNode, path: readonly SchemaPathSegment[]): boolean {
  return admits(root, root, path, 0, new Map());
}

function admits(
  root: SchemaNode,
  node: unknown,
  path: readonly SchemaPathSegment[],
  at: number,
  seen: Map<object, Set<number>>,
): boolean {
  if (node === true || at === path.length) return node !== false;
  if (!isSchemaObject(node)) return false;
  const depths = seen.get(node) ?? new Set<number>();
  if (depths.has(at)) return false; // a recursive $ref already being followed at this depth
  seen.set(node, depths.add(at));
  const next = (child: unknown): boolean => admits(root, child, path, at + 1, seen);
  const same = (branch: unknown): boolean => admits(root, branch, path, at, seen);
  if (typeof node.$ref === 'string' && same(resolveLocalRef(root, node.$ref, ''))) return true;
  if (branchesOf(node).some(same)) return true;
  const segment = path[at] as SchemaPathSegment;
  return finiteAdmits(node, path.slice(at)) || childrenFor(node, segment).some(next);
}

/** The subschemas that apply to the node's own instance. */
function branchesOf(node: SchemaObject): unknown[] {
  const out: unknown[] = [];
  for (const keyword of BRANCH_LISTS)
    if (Array.isArray(node[keyword])) out.push(...(node[keyword] as unknown[]));
  for (const keyword of BRANCHES) if (node[keyword] !== undefined) out.push(node[keyword]);
  if (isSchemaObject(node.dependentSchemas)) out.push(...Object.values(node.dependentSchemas));
  return out;
}

/** The subschemas that may describe the member or item `segment` of the node's instance. */
function childrenFor(node: SchemaObject, segment: SchemaPathSegment): unknown[] {
  const out: unknown[] = [];
  const itemLike = segment === ANY_ITEM || isArrayIndex(segment);
  if (typeof segment === 'string') {
    if (isSchemaObject(node.properties) && Object.hasOwn(node.properties, segment))
      out.push(node.properties[segment]);
    if (isSchemaObject(node.patternProperties))
      for (const [pattern, schema] of Object.entries(node.patternProperties))
        if (new RegExp(pattern, 'u').test(segment)) out.push(schema);
    for (const keyword of MEMBER_FALLBACKS) if (node[keyword] !== undefined) out.push(node[keyword]);
  }
  if (itemLike) {
    const prefix: unknown = node.prefixItems;
    if (Array.isArray(prefix)) {
      const items: readonly unknown[] = prefix;
      out.push(...(segment === ANY_ITEM ? items : [items[Number(segment)]]));
    }
    for (const keyword of ITEM_FALLBACKS) if (node[keyword] !== undefined) out.push(node[keyword]);
  }
  return out;
}

/** True when an `enum`/`const` value holds the rest of the path (any item stands for the first). */
function finiteAdmits(node: SchemaObject, rest: readonly SchemaPathSegment[]): boolean {
  const path = rest.map((segment) => (segment === ANY_ITEM ? '0' : segment));
  return finiteValues(node)?.some((value) => locatePath(value, path) !== undefined) ?? false;
}

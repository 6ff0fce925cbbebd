// The compiler's view of a contract schema: each node reduced to the keywords the generated pass checks.
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { ConfiguredPurpose } from '../purposes/purpose.js';
import { resolveLocalRef } from '../schema/refs.js';
import {
  admitsFiniteStrings,
  declaredTypes,
  finiteValues,
  isSchemaObject,
  type SchemaNode,
  type SchemaObject,
} from '../schema/subschemas.js';
import { escapeSegment } from '../vocabulary/pointer.js';
import {
  NO_NUMBER,
  NO_STRING,
  numberChecks,
  stringChecks,
  type NumberChecks,
  type StringChecks,
} from './leaf-checks.js';
import { Unsupported, checkKeywords, numberOf, primitivesOf } from './keywords.js';

/** A JSON type as the `type` keyword names it. */
export type JsonType = 'null' | 'boolean' | 'number' | 'integer' | 'string' | 'array' | 'object';

/** A value `enum` and `const` may list in a compiled contract. */
export type Primitive = string | number | boolean | null;

/** A closed object: its declared members in schema order, what else it admits, its bounds. */
export interface ObjectPart {
  readonly properties: ReadonlyArray<readonly [string, ModelNode]>;
  readonly required: readonly string[];
  readonly additional: ModelNode | false;
  readonly minProperties: number | undefined;
  readonly maxProperties: number | undefined;
}

/** An array: its positional items, the schema of the rest (`false`: none allowed), its bounds. */
export interface ArrayPart {
  readonly prefixItems: readonly ModelNode[];
  readonly items: ModelNode | false;
  readonly minItems: number | undefined;
  readonly maxItems: number | undefined;
}

/** One schema node as the generated pass sees it. `$ref`s are resolved: a reference is its target. */
export interface ModelNode {
  readonly id: number;
  /** Its JSON pointer in the contract (named in the generated code's comments). */
  readonly location: string;
  /** The types it admits; `undefined` when it has no `type` keyword. */
  readonly types: readonly JsonType[] | undefined;
  /** The `false` schema: nothing is valid. */
  readonly never: boolean;
  readonly purpose: ConfiguredPurpose | undefined;
  readonly values: readonly Primitive[] | undefined;
  readonly string: StringChecks;
  readonly number: NumberChecks;
  readonly object: ObjectPart | undefined;
  readonly array: ArrayPart | undefined;
  /** A pure `oneOf`/`anyOf` node: exactly one (or at least one) branch holds. */
  readonly union: { readonly kind: 'oneOf' | 'anyOf'; readonly branches: readonly ModelNode[] } | undefined;
}

/** Resolves the purpose of a string leaf: the same configured purpose the interpreter's plan holds. */
export type LeafPurpose = (node: SchemaObject, location: string) => ConfiguredPurpose;

/** What building the model needs: the document, the contract's ajv (for its formats), the purposes. */
interface Builder {
  readonly root: SchemaNode;
  readonly ajv: Ajv2020;
  readonly leafPurpose: LeafPurpose;
  readonly built: Map<SchemaNode, ModelNode>;
  readonly open: Set<SchemaNode>;
  /** The next node's id. */
  next: number;
}

/**
 * The model of a contract schema, or `Unsupported` naming what the compiler does not cover (the gate then
 * interprets the contract, as it always could). Refs are followed; a schema that refers back to itself is
 * not compiled.
 */
export function buildModel(
  root: SchemaNode,
  ajv: Ajv2020,
  leafPurpose: LeafPurpose,
): ModelNode | Unsupported {
  const builder: Builder = { root, ajv, leafPurpose, built: new Map(), open: new Set(), next: 0 };
  try {
    return nodeOf(root, '', builder);
  } catch (error) {
    if (error instanceof Unsupported) return error;
    throw error;
  }
}

function nodeOf(schema: SchemaNode, location: string, builder: Builder): ModelNode {
  const known = builder.built.get(schema);
  if (known !== undefined) return known;
  if (builder.open.has(schema)) throw new Unsupported(location, 'a schema that refers to itself');
  if (schema === false) return remember(schema, neverNode(builder.next++, location), builder);
  if (!isSchemaObject(schema)) throw new Unsupported(location, 'the schema `true`');
  // A nested `$id` starts a resource whose references resolve against it: left to the validator's resolver.
  if (location !== '' && schema.$id !== undefined) throw new Unsupported(location, 'a nested "$id"');
  builder.open.add(schema);
  const shape = checkKeywords(schema, location);
  let node: ModelNode;
  if (shape === 'ref') {
    const ref = schema.$ref as string;
    node = nodeOf(resolveLocalRef(builder.root, ref, location), decodeURIComponent(ref.slice(1)), builder);
  } else if (shape === 'union') node = unionNode(schema, location, builder);
  else node = plainNode(schema, location, builder);
  builder.open.delete(schema);
  return remember(schema, node, builder);
}

function remember(schema: SchemaNode, node: ModelNode, builder: Builder): ModelNode {
  builder.built.set(schema, node);
  return node;
}

function neverNode(id: number, location: string): ModelNode {
  return {
    ...{ id, location, types: undefined, never: true, purpose: undefined, values: undefined },
    ...{ string: NO_STRING, number: NO_NUMBER, object: undefined, array: undefined, union: undefined },
  };
}

function unionNode(schema: SchemaObject, location: string, builder: Builder): ModelNode {
  const kind = Array.isArray(schema.oneOf) ? 'oneOf' : 'anyOf';
  const list = schema[kind] as SchemaNode[];
  const branches = list.map((branch, i) => nodeOf(branch, `${location}/${kind}/${String(i)}`, builder));
  return { ...neverNode(builder.next++, location), never: false, union: { kind, branches } };
}

function plainNode(schema: SchemaObject, location: string, builder: Builder): ModelNode {
  const types = declaredTypes(schema) as readonly JsonType[] | undefined;
  const isStringLeaf = types === undefined ? admitsFiniteStrings(schema) : types.includes('string');
  const values = finiteValues(schema);
  return {
    id: builder.next++,
    location,
    types,
    never: false,
    purpose: isStringLeaf ? builder.leafPurpose(schema, location) : undefined,
    values: values === undefined ? undefined : primitivesOf(values, location),
    string: stringChecks(schema, location, builder.ajv),
    number: numberChecks(schema, location),
    object: objectPart(schema, types, location, builder),
    array: arrayPart(schema, types, location, builder),
    union: undefined,
  };
}

function objectPart(
  schema: SchemaObject,
  types: readonly JsonType[] | undefined,
  location: string,
  builder: Builder,
): ObjectPart | undefined {
  if (types?.includes('object') !== true) return undefined;
  const properties = isSchemaObject(schema.properties) ? schema.properties : {};
  const additional = schema.additionalProperties;
  if (additional === undefined) throw new Unsupported(location, 'an object without `additionalProperties`');
  return {
    properties: Object.entries(properties).map(
      ([name, member]) =>
        [
          name,
          nodeOf(member as SchemaNode, `${location}/properties/${escapeSegment(name)}`, builder),
        ] as const,
    ),
    required: Array.isArray(schema.required) ? (schema.required as string[]) : [],
    additional:
      additional === false
        ? false
        : nodeOf(additional as SchemaNode, `${location}/additionalProperties`, builder),
    minProperties: numberOf(schema, 'minProperties', location),
    maxProperties: numberOf(schema, 'maxProperties', location),
  };
}

function arrayPart(
  schema: SchemaObject,
  types: readonly JsonType[] | undefined,
  location: string,
  builder: Builder,
): ArrayPart | undefined {
  if (types?.includes('array') !== true) return undefined;
  const prefix = Array.isArray(schema.prefixItems) ? (schema.prefixItems as SchemaNode[]) : [];
  if (schema.items === undefined) throw new Unsupported(location, 'an array without `items`');
  return {
    prefixItems: prefix.map((item, i) => nodeOf(item, `${location}/prefixItems/${String(i)}`, builder)),
    items: schema.items === false ? false : nodeOf(schema.items as SchemaNode, `${location}/items`, builder),
    minItems: numberOf(schema, 'minItems', location),
    maxItems: numberOf(schema, 'maxItems', location),
  };
}

// The purpose plan of a contract: which configured purpose governs each string the schema can admit.
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { formatPointer } from '../vocabulary/pointer.js';
import type { ConfiguredPurpose } from '../purposes/purpose.js';
import { groupBranchTests } from './branch-test.js';
import { resolveLocalRef } from '../schema/refs.js';
import {
  admitsFiniteStrings,
  declaredTypes,
  isSchemaObject,
  type SchemaNode,
  type SchemaObject,
} from '../schema/subschemas.js';

/** One schema node, reduced to what the sanitize walk needs. Built once per contract; may be cyclic. */
export interface PlanNode {
  /** Unique within the plan; orders nodes when sets of them are cached. */
  readonly id: number;
  purpose: ConfiguredPurpose | undefined;
  properties: Record<string, PlanNode>;
  patternProperties: Array<readonly [RegExp, PlanNode]>;
  additionalProperties: PlanNode | undefined;
  unevaluatedProperties: PlanNode | undefined;
  prefixItems: PlanNode[];
  items: PlanNode | undefined;
  unevaluatedItems: PlanNode | undefined;
  /** Nodes that apply to the same instance unconditionally (`allOf`, a `$ref` target). */
  always: PlanNode[];
  /** Nodes that apply to the same instance when their test passes (`oneOf`/`anyOf` branches, `then`/`else`). */
  when: Array<{ readonly test: (value: unknown) => boolean; readonly plan: PlanNode }>;
}

/** Resolves the purpose of a string leaf; called once per leaf while the plan is built. */
export type LeafPurpose = (node: SchemaObject, location: string) => ConfiguredPurpose;

/**
 * Builds the plan of a validated contract. Branch tests are compiled from the same ajv instance as the
 * contract (`rootId#/pointer`), so `$ref`s inside branches resolve exactly as they do in validation.
 */
export function buildPlan(
  root: SchemaNode,
  rootId: string,
  ajv: Ajv2020,
  leafPurpose: LeafPurpose,
): PlanNode {
  const locations = documentLocations(root);
  const built = new Map<SchemaNode, PlanNode>();
  const builder: PlanBuilder = {
    root,
    leafPurpose,
    locations,
    testFor(node) {
      // Compiled on first use: the branch tests' cheap necessary conditions usually decide without it.
      const ref = `${rootId}#${locations.get(node) ?? ''}`;
      let validate: ((value: unknown) => unknown) | undefined;
      return (value) => {
        validate ??= ajv.getSchema(ref);
        if (validate === undefined)
          throw new Error('internal: a branch of the contract could not be compiled');
        return validate(value) === true;
      };
    },
    plan(node) {
      const existing = built.get(node);
      if (existing !== undefined) return existing;
      const out = emptyNode(built.size);
      built.set(node, out);
      if (isSchemaObject(node)) fill(node, out, builder);
      return out;
    },
    optional(schema) {
      return typeof schema === 'boolean' || isSchemaObject(schema) ? builder.plan(schema) : undefined;
    },
  };
  return builder.plan(root);
}

/** What filling one node needs: the document, each node's plan (built once), and branch tests. */
interface PlanBuilder {
  readonly root: SchemaNode;
  readonly leafPurpose: LeafPurpose;
  readonly locations: ReadonlyMap<SchemaNode, string>;
  testFor(node: SchemaNode): (value: unknown) => boolean;
  plan(node: SchemaNode): PlanNode;
  optional(schema: unknown): PlanNode | undefined;
}

function emptyNode(id: number): PlanNode {
  return {
    id,
    purpose: undefined,
    properties: Object.create(null) as Record<string, PlanNode>,
    patternProperties: [],
    additionalProperties: undefined,
    unevaluatedProperties: undefined,
    prefixItems: [],
    items: undefined,
    unevaluatedItems: undefined,
    always: [],
    when: [],
  };
}

/** Fills a node's purpose and members; its conditional parts are added by {@link fillConditions}. */
function fill(node: SchemaObject, out: PlanNode, builder: PlanBuilder): void {
  const location = builder.locations.get(node) ?? '';
  const types = declaredTypes(node);
  const isStringLeaf = types === undefined ? admitsFiniteStrings(node) : types.includes('string');
  if (isStringLeaf) out.purpose = builder.leafPurpose(node, location);
  if (isSchemaObject(node.properties)) {
    for (const [key, schema] of Object.entries(node.properties)) {
      const member = builder.optional(schema);
      if (member !== undefined) out.properties[key] = member;
    }
  }
  if (isSchemaObject(node.patternProperties)) {
    for (const [pattern, schema] of Object.entries(node.patternProperties)) {
      const member = builder.optional(schema);
      if (member !== undefined) out.patternProperties.push([new RegExp(pattern, 'u'), member]);
    }
  }
  out.additionalProperties = builder.optional(node.additionalProperties);
  out.unevaluatedProperties = builder.optional(node.unevaluatedProperties);
  if (Array.isArray(node.prefixItems))
    out.prefixItems = node.prefixItems.map((schema) => builder.plan(schema as SchemaNode));
  out.items = builder.optional(node.items);
  out.unevaluatedItems = builder.optional(node.unevaluatedItems);
  if (typeof node.$ref === 'string')
    out.always.push(builder.plan(resolveLocalRef(builder.root, node.$ref, location)));
  if (Array.isArray(node.allOf))
    for (const schema of node.allOf) out.always.push(builder.plan(schema as SchemaNode));
  fillConditions(node, out, builder);
}

/** The parts that apply only when a test passes: `oneOf`/`anyOf` branches, `then`/`else`, dependent schemas. */
function fillConditions(node: SchemaObject, out: PlanNode, builder: PlanBuilder): void {
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const branches = node[keyword];
    if (Array.isArray(branches)) {
      const schemas = branches as SchemaNode[];
      const tests = groupBranchTests(
        builder.root,
        schemas,
        schemas.map((schema) => builder.testFor(schema)),
      );
      schemas.forEach((schema, i) =>
        out.when.push({ test: tests[i] ?? (() => false), plan: builder.plan(schema) }),
      );
    }
  }
  if (node.if !== undefined) {
    const passes = builder.testFor(node.if as SchemaNode);
    const then = builder.optional(node.then);
    const otherwise = builder.optional(node.else);
    if (then !== undefined) out.when.push({ test: passes, plan: then });
    if (otherwise !== undefined) out.when.push({ test: (value) => !passes(value), plan: otherwise });
  }
  if (isSchemaObject(node.dependentSchemas)) {
    for (const [key, schema] of Object.entries(node.dependentSchemas)) {
      const dependent = builder.optional(schema);
      const has = (value: unknown): boolean => isSchemaObject(value) && Object.hasOwn(value, key);
      if (dependent !== undefined) out.when.push({ test: has, plan: dependent });
    }
  }
}

/** Every schema object of a document mapped to its JSON pointer (the first one, for shared nodes). */
function documentLocations(root: SchemaNode): Map<SchemaNode, string> {
  const locations = new Map<SchemaNode, string>();
  const stack: Array<{ value: unknown; path: string[] }> = [{ value: root, path: [] }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value, path } = item;
    if (Array.isArray(value)) {
      value.forEach((child, i) => stack.push({ value: child, path: [...path, String(i)] }));
    } else if (isSchemaObject(value)) {
      if (!locations.has(value)) locations.set(value, formatPointer(path));
      for (const [key, child] of Object.entries(value)) stack.push({ value: child, path: [...path, key] });
    }
  }
  return locations;
}

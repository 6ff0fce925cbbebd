// The walk over every value-describing subschema, and the rule that every object a schema admits is closed.
import { ContractError } from '../vocabulary/contract-error.js';
import { resolveLocalRef } from './refs.js';
import { declaredTypes, finiteValues, isSchemaObject, subschemasOf, type SchemaNode } from './subschemas.js';

/** One subschema as the walk meets it. */
export interface SchemaVisit {
  readonly node: SchemaNode;
  readonly location: string;
  /** The instance is a value of its own (the root or a member), not a composition branch of one. */
  readonly isValue: boolean;
  /** An ancestor composition closes this instance with `unevaluatedProperties: false`. */
  readonly closedByParent: boolean;
}

/**
 * Visits every subschema that can describe a value once per way it is reached (as a value or a branch, closed by
 * a parent or not), through local `$ref`s, so reusable `$defs` are visited where they are used. `onVisit` runs
 * before a node's `$ref` is resolved and its subschemas are queued; subschemas that only test a value (`if`,
 * `not`) or its names (`propertyNames`) go to `onCondition` instead and are not walked. A `$ref` outside the
 * document throws a `ContractError`.
 */
export function walkSchema(
  root: SchemaNode,
  onVisit: (visit: SchemaVisit) => void,
  onCondition: (node: SchemaNode, location: string) => void = () => undefined,
): void {
  const seen = new Map<SchemaNode, Set<string>>();
  const queue: SchemaVisit[] = [{ node: root, location: '', isValue: true, closedByParent: false }];
  for (let visit = queue.pop(); visit !== undefined; visit = queue.pop()) {
    const key = `${String(visit.isValue)}:${String(visit.closedByParent)}`;
    const keys = seen.get(visit.node) ?? new Set<string>();
    if (keys.has(key)) continue;
    keys.add(key);
    seen.set(visit.node, keys);
    onVisit(visit);
    const { node, location } = visit;
    if (!isSchemaObject(node)) continue;
    const closed = visit.closedByParent || node.unevaluatedProperties === false;
    if (typeof node.$ref === 'string') {
      const target = resolveLocalRef(root, node.$ref, location);
      queue.push({ node: target, location: `${location}/$ref`, isValue: false, closedByParent: closed });
    }
    for (const sub of subschemasOf(node)) {
      const subLocation = `${location}/${sub.path.join('/')}`;
      if (sub.role === 'member') {
        queue.push({ node: sub.schema, location: subLocation, isValue: true, closedByParent: false });
      } else if (sub.role === 'branch') {
        queue.push({ node: sub.schema, location: subLocation, isValue: false, closedByParent: closed });
      } else {
        onCondition(sub.schema, subLocation);
      }
    }
  }
}

/**
 * Throws `contract.open_object` when a node that declares the `object` type leaves it open: neither
 * `additionalProperties: false` nor `unevaluatedProperties: false` here or on the composition it belongs to.
 */
export function checkClosedObject(visit: SchemaVisit): void {
  const { node } = visit;
  if (!isSchemaObject(node) || !(declaredTypes(node) ?? []).includes('object')) return;
  if (node.additionalProperties === false || node.unevaluatedProperties === false || visit.closedByParent)
    return;
  throw new ContractError(
    'contract.open_object',
    visit.location,
    'Objects must be closed with "additionalProperties": false or "unevaluatedProperties": false',
  );
}

/**
 * Refuses a schema that admits an object with members nobody listed: every declared object must be closed (see
 * {@link checkClosedObject}), and no value may be left to accept anything (`true`, `{}`, or a schema naming no
 * type, `enum`, `const`, `$ref` or composition), since anything includes any object. Throws `ContractError`
 * (`contract.open_object`, or `contract.unsupported_ref` for a `$ref` outside the document).
 */
export function checkClosedObjects(root: SchemaNode): void {
  walkSchema(root, (visit) => {
    if (visit.isValue && acceptsAnyObject(visit.node)) {
      throw new ContractError(
        'contract.open_object',
        visit.location,
        'A value that accepts any object is an open object; say what it accepts',
      );
    }
    checkClosedObject(visit);
  });
}

function acceptsAnyObject(node: SchemaNode): boolean {
  if (!isSchemaObject(node)) return node;
  if (declaredTypes(node) !== undefined || finiteValues(node) !== undefined) return false;
  if (node.additionalProperties === false || node.unevaluatedProperties === false) return false;
  return !['$ref', 'allOf', 'anyOf', 'oneOf'].some((keyword) => node[keyword] !== undefined);
}

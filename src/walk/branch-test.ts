// Tests for `oneOf`/`anyOf` branches on already-validated values, skipping ajv when the branch is obvious.
import { resolveLocalRef } from '../schema/refs.js';
import { declaredTypes, isSchemaObject, type SchemaNode, type SchemaObject } from '../schema/subschemas.js';

/** A full test of one branch (an ajv validator of the branch). */
export type BranchValidator = (value: unknown) => boolean;

/**
 * Per-branch tests for one `oneOf`/`anyOf` group. They are only used on values that already passed the whole
 * contract, so at least one branch holds. Each branch first gets a cheap necessary condition (its JSON
 * type, its `const`, the `const` of its required members): when exactly one branch survives it, that branch
 * is the one that holds and no validator runs; otherwise the survivors are validated fully. The last
 * value's answer is kept, since every branch of a group is asked about the same value in turn.
 */
export function groupBranchTests(
  root: SchemaNode,
  branches: readonly SchemaNode[],
  validators: readonly BranchValidator[],
): BranchValidator[] {
  const quick = branches.map((branch) => necessaryCondition(root, branch));
  let lastValue: unknown = Symbol('none');
  // The last value's answers, rewritten in place: this runs for every value under a group.
  const lastPassing = quick.map(() => false);
  const passing = (value: unknown): readonly boolean[] => {
    if (Object.is(value, lastValue)) return lastPassing;
    let count = 0;
    for (let i = 0; i < quick.length; i++) if ((lastPassing[i] = (quick[i] as Condition)(value))) count++;
    if (count !== 1)
      for (let i = 0; i < quick.length; i++) lastPassing[i] &&= validators[i]?.(value) === true;
    lastValue = value;
    return lastPassing;
  };
  return branches.map((_, i) => (value) => passing(value)[i] === true);
}

type Condition = (value: unknown) => boolean;

function necessaryCondition(root: SchemaNode, branch: SchemaNode): Condition {
  let node: SchemaNode = branch;
  for (
    let hops = 0;
    isSchemaObject(node) && typeof node.$ref === 'string' && Object.keys(node).length === 1 && hops < 8;
    hops++
  ) {
    node = resolveLocalRef(root, node.$ref, '');
  }
  if (typeof node === 'boolean') return () => node;
  const checks: Condition[] = [];
  const types = declaredTypes(node);
  if (types !== undefined)
    checks.push((value) => {
      for (let i = 0; i < types.length; i++) if (hasType(value, types[i] as string)) return true;
      return false;
    });
  if (node.const !== undefined && isPrimitive(node.const)) checks.push((value) => value === node.const);
  for (const [key, expected] of requiredConsts(node)) {
    checks.push(
      (value) =>
        typeof value === 'object' && value !== null && (value as Record<string, unknown>)[key] === expected,
    );
  }
  return (value) => {
    for (let i = 0; i < checks.length; i++) if (!(checks[i] as Condition)(value)) return false;
    return true;
  };
}

function requiredConsts(node: SchemaObject): Array<readonly [string, unknown]> {
  const required = Array.isArray(node.required) ? (node.required as unknown[]) : [];
  const properties = isSchemaObject(node.properties) ? node.properties : {};
  const out: Array<readonly [string, unknown]> = [];
  for (const key of required) {
    if (typeof key !== 'string' || !Object.hasOwn(properties, key)) continue;
    const member = properties[key];
    if (!isSchemaObject(member)) continue;
    const only =
      member.const ??
      (Array.isArray(member.enum) && member.enum.length === 1 ? (member.enum[0] as unknown) : undefined);
    if (only !== undefined && isPrimitive(only)) out.push([key, only]);
  }
  return out;
}

function isPrimitive(value: unknown): boolean {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    default:
      return typeof value === type;
  }
}

// Definition-time checks that make a schema a contract: closed objects, bounded strings and arrays, purposes.
import { checkClosedObject, walkSchema, type SchemaVisit } from './closed-objects.js';
import { PURPOSE_KEYWORD } from './purpose-keyword.js';
import { ContractError } from '../vocabulary/contract-error.js';
import { isSecureSchemaNode } from './secure.js';
import {
  admitsFiniteStrings,
  declaredTypes,
  finiteValues,
  isSchemaObject,
  subschemasOf,
  type SchemaNode,
  type SchemaObject,
} from './subschemas.js';

/** Called for every string leaf with its schema node and location; the purpose registry checks it there. */
export type StringLeafCheck = (node: SchemaObject, location: string) => void;

/**
 * Refuses a schema that is not a safe contract. Every subschema that can describe a value is visited (through
 * local `$ref`s, so reusable `$defs` are checked where they are used) and must:
 * - pass ajv's security meta-schema;
 * - constrain its value (`true`, `{}` and keyword-free schemas accept anything and are refused);
 * - close every object (`additionalProperties: false`, or `unevaluatedProperties: false` here or on the
 *   composition it belongs to); bound pattern-keyed maps with `maxProperties`;
 * - bound every string with `maxLength` (an `enum`/`const` is bounded already) and every array with `maxItems`;
 * - give every string leaf a purpose (checked by `onStringLeaf`).
 * Subschemas that only test a value (`if`, `not`) or its names (`propertyNames`) produce nothing and are only
 * checked for security.
 */
export function checkContractSchema(root: SchemaNode, onStringLeaf: StringLeafCheck): void {
  walkSchema(
    root,
    (visit) => {
      checkNode(visit, onStringLeaf);
    },
    checkConditionSecurity,
  );
}

function checkNode(visit: SchemaVisit, onStringLeaf: StringLeafCheck): void {
  const { node, location } = visit;
  if (node === true && visit.isValue) {
    throw new ContractError('contract.unconstrained_value', location, 'The schema `true` accepts any value');
  }
  if (!isSchemaObject(node)) return;
  if (!isSecureSchemaNode(node)) throw insecureAt(node, location);
  if (typeof node.$dynamicRef === 'string' || (location !== '' && typeof node.$id === 'string')) {
    throw new ContractError(
      'contract.unsupported_ref',
      location,
      'Embedded "$id" and "$dynamicRef" are not supported',
    );
  }
  checkMemberNames(node, location);
  if (visit.isValue) checkValueIsConstrained(node, location);
  checkBounds(node, visit, onStringLeaf);
}

/**
 * A member called `__proto__` is refused: validators and application code read it through the prototype
 * chain (ajv's `properties` does), so its checks cannot be trusted.
 */
function checkMemberNames(node: SchemaObject, location: string): void {
  const required: readonly unknown[] = Array.isArray(node.required) ? node.required : [];
  const named = [...(isSchemaObject(node.properties) ? Object.keys(node.properties) : []), ...required];
  if (named.includes('__proto__')) {
    throw new ContractError('contract.reserved_name', location, 'A member cannot be called "__proto__"');
  }
}

function checkValueIsConstrained(node: SchemaObject, location: string): void {
  const constraining = ['type', 'enum', 'const', '$ref', 'allOf', 'anyOf', 'oneOf'];
  if (!constraining.some((keyword) => node[keyword] !== undefined)) {
    throw new ContractError(
      'contract.unconstrained_value',
      location,
      'A value schema must say what it accepts (type, enum, const, $ref or a composition)',
    );
  }
}

function checkBounds(node: SchemaObject, visit: SchemaVisit, onStringLeaf: StringLeafCheck): void {
  const types = declaredTypes(node) ?? [];
  const { location } = visit;
  const finite = finiteValues(node) !== undefined;
  if (types.includes('object')) {
    checkClosedObject(visit);
    if (node.patternProperties !== undefined && typeof node.maxProperties !== 'number') {
      throw new ContractError(
        'contract.unbounded_map',
        location,
        '"patternProperties" needs "maxProperties"',
      );
    }
  }
  if (types.includes('array') && typeof node.maxItems !== 'number' && !finite) {
    throw new ContractError('contract.unbounded_array', location, 'Arrays need "maxItems"');
  }
  if (types.includes('string') && !finite && typeof node.maxLength !== 'number') {
    throw new ContractError('contract.unbounded_string', location, 'Strings need "maxLength"');
  }
  if (types.includes('string') || (types.length === 0 && admitsFiniteStrings(node))) {
    onStringLeaf(node, location);
  } else if (node[PURPOSE_KEYWORD] !== undefined) {
    throw new ContractError(
      'contract.invalid_purpose',
      location,
      `"${PURPOSE_KEYWORD}" belongs on string schemas`,
    );
  }
}

function checkConditionSecurity(node: SchemaNode, location: string): void {
  const stack: Array<{ node: SchemaNode; location: string }> = [{ node, location }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (!isSchemaObject(item.node)) continue;
    if (!isSecureSchemaNode(item.node)) throw insecureAt(item.node, item.location);
    for (const sub of subschemasOf(item.node))
      stack.push({ node: sub.schema, location: `${item.location}/${sub.path.join('/')}` });
  }
}

/**
 * The error for a node that fails ajv's security meta-schema, at the node that fails it itself: the meta-schema
 * descends into `properties` and `items`, so an ancestor fails for a descendant's sake, and the error names the
 * descendant's location and what it lacks (with zod, `.max(n)` writes `maxLength` and `maxItems`).
 */
function insecureAt(node: SchemaObject, location: string): ContractError {
  for (const sub of subschemasOf(node)) {
    if (isSchemaObject(sub.schema) && !isSecureSchemaNode(sub.schema))
      return insecureAt(sub.schema, `${location}/${sub.path.join('/')}`);
  }
  return new ContractError('contract.insecure_schema', location, insecureReason(node));
}

function insecureReason(node: SchemaObject): string {
  const has = (keyword: string): boolean => node[keyword] !== undefined;
  if ((has('pattern') || has('format')) && !has('maxLength'))
    return `A string with "${has('format') ? 'format' : 'pattern'}" needs "maxLength" beside it (zod: add .max(n))`;
  if (has('uniqueItems') && !has('maxItems'))
    return '"uniqueItems" needs "maxItems" beside it (zod: add .max(n))';
  if (has('patternProperties'))
    return '"patternProperties" needs "propertyNames" with a "maxLength" beside it';
  return 'Fails the ajv security meta-schema (pattern/format need maxLength, uniqueItems needs maxItems)';
}

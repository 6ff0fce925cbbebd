// Resolves the local `$ref`s a contract may use: JSON pointers and `$anchor`s inside the same document.
import { parsePointer } from '../vocabulary/pointer.js';
import { ContractError } from '../vocabulary/contract-error.js';
import { isSchemaObject, type SchemaNode } from './subschemas.js';

/**
 * The node a local reference names. Only references into the contract's own document are allowed
 * (`#`, `#/json/pointer`, `#anchor`): a contract never fetches or depends on a schema it does not contain.
 */
export function resolveLocalRef(root: SchemaNode, ref: string, location: string): SchemaNode {
  if (!ref.startsWith('#')) {
    throw new ContractError('contract.unsupported_ref', location, 'Only local "$ref"s ("#…") are allowed');
  }
  const fragment = decodeURIComponent(ref.slice(1));
  const target =
    fragment === '' || fragment.startsWith('/') ? atPointer(root, fragment) : findAnchor(root, fragment);
  if (target === undefined) {
    throw new ContractError('contract.unsupported_ref', location, 'A "$ref" points at nothing');
  }
  return target;
}

function atPointer(root: SchemaNode, pointer: string): SchemaNode | undefined {
  let node: unknown = root;
  for (const segment of parsePointer(pointer)) {
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isSchemaObject(node) && Object.hasOwn(node, segment)) node = node[segment];
    else return undefined;
  }
  return typeof node === 'boolean' || isSchemaObject(node) ? node : undefined;
}

function findAnchor(node: unknown, anchor: string): SchemaNode | undefined {
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = findAnchor(item, anchor);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!isSchemaObject(node)) return undefined;
  if (node.$anchor === anchor) return node;
  for (const value of Object.values(node)) {
    const found = findAnchor(value, anchor);
    if (found !== undefined) return found;
  }
  return undefined;
}

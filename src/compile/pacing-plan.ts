// Which parts of a generated pass may pause: long arrays, and the containers on the way to them.
import type { ModelNode } from './model.js';

/**
 * Arrays allowed more items than this are paced: their walk may pause between items so the event loop turns.
 * Shorter ones cost too little to be worth a generator, and the items of a paced array are walked in one go.
 */
export const PACED_ITEMS = 256;

const memo = new WeakMap<ModelNode, boolean>();

/**
 * True when a node's walk should be a generator: it is a long array, or an object or a union holding one
 * outside any array's items (the model is acyclic, so this ends).
 */
export function needsPacing(node: ModelNode): boolean {
  const known = memo.get(node);
  if (known !== undefined) return known;
  let paced = false;
  if (node.array !== undefined) paced = (node.array.maxItems ?? Infinity) > PACED_ITEMS;
  if (node.object !== undefined) {
    const { properties, additional } = node.object;
    paced ||= properties.some(([, member]) => needsPacing(member));
    paced ||= additional !== false && needsPacing(additional);
  }
  if (node.union !== undefined) paced = node.union.branches.some(needsPacing);
  memo.set(node, paced);
  return paced;
}

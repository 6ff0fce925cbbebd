// The purpose of the strings at each place of a contract's values, known from the schema alone.
import type { PurposeKind } from '../vocabulary/purpose-kinds.js';
import { Unsupported } from './keywords.js';
import type { ModelNode } from './model.js';

/**
 * What governs strings at one place of a valid value, whatever branch the value takes: the one purpose every
 * node that could hold a string there names. A place where two purposes could apply is not compiled (the
 * interpreter resolves it per value). Built once per contract; shared by every call.
 */
export class PurposeTree {
  /** The purpose of a string here; `undefined` where no string is valid. */
  readonly kind: PurposeKind | undefined;
  private readonly members = new Map<string, PurposeTree>();
  private readonly otherMembers: PurposeTree | undefined;
  private readonly prefixItems: readonly (PurposeTree | undefined)[];
  private readonly otherItems: PurposeTree | undefined;

  constructor(
    private readonly nodes: readonly ModelNode[],
    private readonly cache: TreeCache,
  ) {
    const kinds = new Set<PurposeKind>();
    for (const node of nodes) if (node.purpose !== undefined) kinds.add(node.purpose.kind);
    if (kinds.size > 1) throw new Unsupported(nodes[0]?.location ?? '', 'a place two purposes may govern');
    this.kind = [...kinds][0];
    const objects = nodes.flatMap((node) => (node.object === undefined ? [] : [node.object]));
    for (const name of new Set(objects.flatMap((object) => object.properties.map(([key]) => key)))) {
      const member = cache.of(
        objects.flatMap((object) => {
          const named = object.properties.find(([key]) => key === name)?.[1] ?? object.additional;
          return named === false ? [] : [named];
        }),
      );
      if (member !== undefined) this.members.set(name, member);
    }
    this.otherMembers = cache.of(
      objects.flatMap((object) => (object.additional === false ? [] : [object.additional])),
    );
    const arrays = nodes.flatMap((node) => (node.array === undefined ? [] : [node.array]));
    const longest = Math.max(0, ...arrays.map((array) => array.prefixItems.length));
    const rest = (array: (typeof arrays)[number]): ModelNode[] =>
      array.items === false ? [] : [array.items];
    this.prefixItems = Array.from({ length: longest }, (_, i) =>
      cache.of(
        arrays.flatMap((array) =>
          i < array.prefixItems.length ? [array.prefixItems[i] as ModelNode] : rest(array),
        ),
      ),
    );
    this.otherItems = cache.of(arrays.flatMap(rest));
  }

  /**
   * The tree one step of a pointer down: the member of that name, or (for an index) the item there, for
   * whichever the value turns out to be. Throws `Unsupported` where the two would disagree on a purpose.
   */
  step(segment: string): PurposeTree | undefined {
    const index = /^(0|[1-9][0-9]*)$/.test(segment) ? Number(segment) : -1;
    return this.cache.of(
      this.nodes.flatMap((node) => {
        const found: ModelNode[] = [];
        const named =
          node.object?.properties.find(([key]) => key === segment)?.[1] ?? node.object?.additional;
        if (named !== undefined && named !== false) found.push(named);
        const item = index < 0 ? undefined : (node.array?.prefixItems[index] ?? node.array?.items);
        if (item !== undefined && item !== false) found.push(item);
        return found;
      }),
    );
  }

  /** The tree of every item of a list here, whatever its index. */
  anyItem(): PurposeTree | undefined {
    return this.cache.of(
      this.nodes.flatMap((node) =>
        node.array === undefined
          ? []
          : [...node.array.prefixItems, ...(node.array.items === false ? [] : [node.array.items])],
      ),
    );
  }

  /** The tree of a member (`undefined` where no member of that name is valid). */
  member(name: string): PurposeTree | undefined {
    return this.members.get(name) ?? this.otherMembers;
  }

  /** The tree of an array item. */
  item(index: number): PurposeTree | undefined {
    return index < this.prefixItems.length ? this.prefixItems[index] : this.otherItems;
  }
}

/** Builds trees once per set of nodes, with every branch of a union taken as applying. */
export class TreeCache {
  private readonly trees = new Map<string, PurposeTree>();

  /** The tree of a set of nodes (`undefined` for none). */
  of(nodes: readonly ModelNode[]): PurposeTree | undefined {
    const expanded = expand(nodes);
    if (expanded.length === 0) return undefined;
    const key = expanded.map((node) => node.id).join(',');
    let tree = this.trees.get(key);
    if (tree === undefined) {
      tree = new PurposeTree(expanded, this);
      this.trees.set(key, tree);
    }
    return tree;
  }
}

/** The nodes with every union replaced by its branches, sorted and without repeats. */
function expand(nodes: readonly ModelNode[]): ModelNode[] {
  const out = new Map<number, ModelNode>();
  const stack = [...nodes];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node.union !== undefined) stack.push(...node.union.branches);
    else if (!node.never) out.set(node.id, node);
  }
  return [...out.values()].sort((a, b) => a.id - b.id);
}

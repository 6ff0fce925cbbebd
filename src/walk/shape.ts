// Resolved shapes: the merged view of every plan node that applies at one place, cached for the sanitize walk.
import type { ConfiguredPurpose } from '../purposes/purpose.js';
import type { PlanNode } from './plan.js';
import type { PurposeKind } from '../vocabulary/purpose-kinds.js';
import type { ContainerPurposes, MemberPurposes } from './purpose-index.js';

/**
 * The merged view of a set of plan nodes: what governs a value at one place of a document. Shapes are built
 * once per distinct node set and cached, so walking a large value allocates almost nothing per value; only
 * nodes with conditional branches (`oneOf`, `anyOf`, `if`) are resolved against the value itself.
 */
export class Shape {
  /** The purpose of a string here; `undefined` when none applies. */
  readonly purpose: ConfiguredPurpose | undefined;
  /** True when nodes disagree on the purpose of a string here. */
  readonly conflict: boolean;
  /** True when a value here may pick up more nodes through its conditional branches (see {@link Shape.at}). */
  readonly conditional: boolean;
  private readonly ids: ReadonlySet<number>;
  /** Extended shapes by the passed branches: one node's id, or the ids of several joined by commas. */
  private readonly byBranches = new Map<number | string, Shape>();
  private readonly members = new Map<string, Shape | undefined>();
  private readonly prefixItems: Array<Shape | undefined> = [];
  private restItems: Shape | undefined | null = null;
  /** The longest `prefixItems` of the nodes: items from here on share one shape. */
  private readonly prefixLength: number;
  private fixed: ContainerPurposes | undefined | null = null;

  constructor(
    private readonly nodes: readonly PlanNode[],
    private readonly cache: ShapeCache,
  ) {
    const purposes = new Set<ConfiguredPurpose>();
    for (const node of nodes) if (node.purpose !== undefined) purposes.add(node.purpose);
    const kinds = new Set([...purposes].map((purpose) => purpose.kind));
    this.conflict = kinds.size > 1;
    this.purpose = kinds.size === 1 ? [...purposes][0] : undefined;
    this.conditional = nodes.some((node) => node.when.length > 0);
    this.ids = new Set(nodes.map((node) => node.id));
    this.prefixLength = Math.max(0, ...nodes.map((node) => node.prefixItems.length));
  }

  /**
   * The shape for a concrete value: this one, extended by every conditional branch the value passes (again
   * for branches of the added nodes, until no new node applies; the node set only grows, so this ends).
   */
  at(value: unknown): Shape {
    if (!this.conditional) return this;
    // The common case, one passed branch, is looked up by its node id without building a key.
    let first: PlanNode | undefined;
    let passed: PlanNode[] | undefined;
    const nodes = this.nodes;
    for (let n = 0; n < nodes.length; n++) {
      const when = (nodes[n] as PlanNode).when;
      for (let b = 0; b < when.length; b++) {
        const branch = when[b] as PlanNode['when'][number];
        if (this.ids.has(branch.plan.id) || !branch.test(value)) continue;
        if (first === undefined) first = branch.plan;
        else (passed ??= [first]).push(branch.plan);
      }
    }
    if (first === undefined) return this;
    const key = passed === undefined ? first.id : passed.map((node) => node.id).join(',');
    let next = this.byBranches.get(key);
    if (next === undefined) {
      next = this.cache.of([...this.nodes, ...(passed ?? [first])]);
      this.byBranches.set(key, next);
    }
    return next.at(value);
  }

  /** The shape of one member of an object here (`undefined` when no node describes it). */
  member(key: string): Shape | undefined {
    const known = this.members.get(key);
    if (known !== undefined || this.members.has(key)) return known;
    return this.resolveMember(key);
  }

  /**
   * The first lookup of a member name, kept out of {@link member}: a closure over `key` there would make
   * every call allocate a context for it, even when the name is already known.
   */
  private resolveMember(key: string): Shape | undefined {
    const shape = this.cache.ofOptional(memberNodes(this.nodes, key));
    if (this.nodes.some((node) => Object.hasOwn(node.properties, key))) this.members.set(key, shape);
    return shape;
  }

  /**
   * The purposes of a container's string members that hold whatever the values are, built once: for an
   * array, the one purpose of every item (when items share an unconditional shape); for an object, a frozen
   * table of its declared members with unconditional shapes. Members not covered are resolved per value.
   */
  fixedPurposes(isArray: boolean): ContainerPurposes | undefined {
    if (this.fixed === null) this.fixed = isArray ? this.fixedItemPurpose() : this.fixedMemberPurposes();
    return this.fixed;
  }

  private fixedItemPurpose(): PurposeKind | undefined {
    if (this.prefixLength > 0) return undefined;
    return fixedKind(this.item(0));
  }

  private fixedMemberPurposes(): MemberPurposes {
    const table = Object.create(null) as MemberPurposes;
    for (const node of this.nodes) {
      for (const key of Object.keys(node.properties)) {
        const kind = fixedKind(this.member(key));
        if (kind !== undefined) table[key] = kind;
      }
    }
    return Object.freeze(table);
  }

  /** The shape of one array item here (`undefined` when no node describes it). */
  item(index: number): Shape | undefined {
    if (index < this.prefixLength) {
      if (!(index in this.prefixItems))
        this.prefixItems[index] = this.cache.ofOptional(itemNodes(this.nodes, index));
      return this.prefixItems[index];
    }
    if (this.restItems === null) this.restItems = this.cache.ofOptional(itemNodes(this.nodes, index));
    return this.restItems;
  }
}

/** The purpose of a string under `shape` when it does not depend on the string itself. */
function fixedKind(shape: Shape | undefined): PurposeKind | undefined {
  return shape === undefined || shape.conditional || shape.conflict ? undefined : shape.purpose?.kind;
}

/** Builds and caches shapes by the set of nodes they merge (each set closed over unconditional parts). */
export class ShapeCache {
  private readonly shapes = new Map<string, Shape>();

  /** The root shape of a plan. */
  static root(plan: PlanNode): Shape {
    return new ShapeCache().of([plan]);
  }

  /** The shape of a node set, or `undefined` for an empty set. */
  ofOptional(nodes: readonly PlanNode[]): Shape | undefined {
    return nodes.length === 0 ? undefined : this.of(nodes);
  }

  /** The shape of a node set after adding every node reachable through unconditional parts. */
  of(nodes: readonly PlanNode[]): Shape {
    const closed = closure(nodes);
    const key = closed.map((node) => node.id).join(',');
    let shape = this.shapes.get(key);
    if (shape === undefined) {
      shape = new Shape(closed, this);
      this.shapes.set(key, shape);
    }
    return shape;
  }
}

function closure(nodes: readonly PlanNode[]): PlanNode[] {
  const seen = new Map<number, PlanNode>();
  const stack = [...nodes];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (seen.has(node.id)) continue;
    seen.set(node.id, node);
    stack.push(...node.always);
  }
  return [...seen.values()].sort((a, b) => a.id - b.id);
}

function memberNodes(nodes: readonly PlanNode[], key: string): PlanNode[] {
  const out: PlanNode[] = [];
  let evaluated = false;
  for (const node of nodes) {
    const named = Object.hasOwn(node.properties, key) ? node.properties[key] : undefined;
    const matched = node.patternProperties
      .filter(([pattern]) => pattern.test(key))
      .map(([, member]) => member);
    if (named !== undefined) matched.push(named);
    if (matched.length === 0 && node.additionalProperties !== undefined)
      matched.push(node.additionalProperties);
    if (matched.length > 0) evaluated = true;
    out.push(...matched);
  }
  if (!evaluated)
    for (const node of nodes)
      if (node.unevaluatedProperties !== undefined) out.push(node.unevaluatedProperties);
  return out;
}

function itemNodes(nodes: readonly PlanNode[], index: number): PlanNode[] {
  const out: PlanNode[] = [];
  for (const node of nodes) {
    const member = index < node.prefixItems.length ? node.prefixItems[index] : node.items;
    if (member !== undefined) out.push(member);
  }
  if (out.length === 0)
    for (const node of nodes) if (node.unevaluatedItems !== undefined) out.push(node.unevaluatedItems);
  return out;
}

/** The purpose governing the string at a path of a valid value (undefined if none, several, or not a string). */
export function purposeAt(
  root: Shape,
  value: unknown,
  path: readonly string[],
): ConfiguredPurpose['kind'] | undefined {
  let shape: Shape | undefined = root.at(value);
  let current = value;
  for (const segment of path) {
    if (shape === undefined) return undefined;
    if (Array.isArray(current)) {
      const index = Number(segment);
      current = current[index] as unknown;
      shape = shape.item(index)?.at(current);
    } else if (typeof current === 'object' && current !== null && Object.hasOwn(current, segment)) {
      current = (current as Record<string, unknown>)[segment];
      shape = shape.member(segment)?.at(current);
    } else {
      return undefined;
    }
  }
  return typeof current === 'string' && shape !== undefined && !shape.conflict
    ? shape.purpose?.kind
    : undefined;
}

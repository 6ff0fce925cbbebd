// Marks the prose of accepted data untrusted: every text and html leaf becomes an Untrusted<string> of the tool.
import { isArrayIndex, parsePointer } from '../vocabulary/pointer.js';
import { purposesWith, type PurposeKind } from '../vocabulary/purpose-kinds.js';
import { SOURCE_PATTERN } from './source.js';
import { untrusted, untrustedOf, type Untrusted } from './untrusted.js';

/**
 * JSON as an accepted outcome holds it when its contract states no type: a `text` or `html` string arrives as an
 * `Untrusted<string>` (whose JSON is the string), every other value as JSON.
 */
export type OutcomeJson =
  null | boolean | number | string | Untrusted<string> | OutcomeJson[] | { [name: string]: OutcomeJson };

/** The purposes whose values reach application code untrusted: prose and markup from the tool's source. */
export const UNTRUSTED_PURPOSES: readonly PurposeKind[] = purposesWith('untrusted');

/** The source label when a tool name is not a valid source label on its own. */
const FALLBACK_SOURCE = 'tool';

/** The pointers to wrap, as a tree of segments: a leaf is wrapped, a branch is descended. */
interface Branch {
  leaf: boolean;
  readonly children: Map<string, Branch>;
}

const branch = (): Branch => ({ leaf: false, children: new Map() });

/**
 * `data` with each string whose purpose (by exact pointer in `purposes`) is `text` or `html` replaced by an
 * `Untrusted<string>` whose source is the tool's name (`tool` when the name is not a valid source label). Ids,
 * enums and URLs stay plain strings. Containers on the way to a wrapped string are copied (a frozen one stays
 * frozen, member order and prototype kept); every other part of `data` is shared, and data without prose is
 * returned as it is. A pointer that does not lead to a string is left alone. Each wrapper's JSON is its string,
 * so `JSON.stringify` of the result equals that of `data`.
 */
export function taintData(
  data: unknown,
  purposes: Readonly<Record<string, PurposeKind>>,
  tool: string,
): unknown {
  const root = branch();
  let any = false;
  for (const [pointer, kind] of Object.entries(purposes)) {
    if (!UNTRUSTED_PURPOSES.includes(kind)) continue;
    let at = root;
    for (const segment of pointer.includes('~') ? parsePointer(pointer) : pointer.split('/').slice(1)) {
      let next = at.children.get(segment);
      if (next === undefined) at.children.set(segment, (next = branch()));
      at = next;
    }
    at.leaf = any = true;
  }
  return any ? wrapAt(data, root, sourceOf(tool)) : data;
}

/** The source label of a tool's untrusted values: its name, or `tool` when the name is not a valid label. */
function sourceOf(tool: string): string {
  return SOURCE_PATTERN.test(tool) ? tool : FALLBACK_SOURCE;
}

/**
 * What {@link taintData} does to each string, as a function for a value being built fresh: a `text` or
 * `html` string becomes an `Untrusted<string>` of the tool, any other purpose's string stays as it is.
 */
export function untrustedPlacer(tool: string): (value: string, kind: PurposeKind) => unknown {
  const wrap = untrustedOf(sourceOf(tool));
  return (value, kind) => (UNTRUSTED_PURPOSES.includes(kind) ? wrap(value) : value);
}

function wrapAt(value: unknown, at: Branch, source: string): unknown {
  if (typeof value === 'string') return at.leaf ? untrusted(value, source) : value;
  if (typeof value !== 'object' || value === null || at.children.size === 0) return value;
  if (Array.isArray(value)) {
    const copy: unknown[] = value.slice();
    for (const [segment, child] of at.children) {
      const index = Number(segment);
      if (isArrayIndex(segment) && index < copy.length) copy[index] = wrapAt(copy[index], child, source);
    }
    return Object.isFrozen(value) ? Object.freeze(copy) : copy;
  }
  const prototype = Object.getPrototypeOf(value) as object | null;
  const copy = (
    prototype === Object.prototype
      ? { ...value }
      : Object.defineProperties(Object.create(prototype), own(value))
  ) as Record<string, unknown>;
  for (const [name, child] of at.children) {
    if (!Object.hasOwn(value, name)) continue;
    const member: unknown = (value as Record<string, unknown>)[name];
    // defineProperty, not assignment: a member named __proto__ stays a member.
    Object.defineProperty(copy, name, {
      value: wrapAt(member, child, source),
      enumerable: true,
      writable: true,
    });
  }
  return Object.isFrozen(value) ? Object.freeze(copy) : copy;
}

/** The own enumerable members of an object as writable data descriptors (a frozen original's are not). */
function own(value: object): PropertyDescriptorMap {
  const descriptors = Object.create(null) as PropertyDescriptorMap;
  for (const [name, member] of Object.entries(value))
    descriptors[name] = { value: member as unknown, enumerable: true, writable: true, configurable: true };
  return descriptors;
}

// Which purpose each string of a sanitized value has, keyed by its container: no pointer strings needed.
import type { PurposeKind } from './kinds.js';

/**
 * The purposes of the strings in a sanitized value. Entries are keyed by the (fresh, sanitized) container
 * and the member name or index, so the walk never builds pointer strings; the projection turns the
 * entries it copies into pointers into the projected value.
 */
export class PurposeIndex {
  /** Lives as long as one call; a Map (not a WeakMap) because it is faster and dropped with the call. */
  private readonly byContainer = new Map<object, Record<string | number, PurposeKind>>();
  /** The purpose of the value itself, when the value is a string. */
  root: PurposeKind | undefined;

  /** Records the purpose of `container[key]`. */
  set(container: object, key: string | number, kind: PurposeKind): void {
    let entries = this.byContainer.get(container);
    if (entries === undefined) {
      entries = Object.create(null) as Record<string | number, PurposeKind>;
      this.byContainer.set(container, entries);
    }
    entries[key] = kind;
  }

  /** The purpose of `container[key]`, if it is a string with one. */
  of(container: object, key: string | number): PurposeKind | undefined {
    return this.byContainer.get(container)?.[key];
  }
}

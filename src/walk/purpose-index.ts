// Which purpose each string of a sanitized value has, keyed by its container: no pointer strings needed.
import type { PurposeKind } from '../vocabulary/purpose-kinds.js';

/** The purposes of one container's string members, by member name or index. */
export type MemberPurposes = Record<string | number, PurposeKind>;

/**
 * The purposes of the strings in a sanitized value. Each (fresh, sanitized) container holding strings gets one
 * entry with its members' purposes, so the walk never builds pointer strings; the projection turns the entries
 * it copies into pointers into the projected value. Lives as long as one call.
 */
export class PurposeIndex {
  private readonly byContainer = new Map<object, MemberPurposes>();
  /** The purpose of the value itself, when the value is a string. */
  root: PurposeKind | undefined;

  /** Records the purposes of a container's string members (once per container, after its walk). */
  attach(container: object, members: MemberPurposes): void {
    this.byContainer.set(container, members);
  }

  /** The purpose of `container[key]`, if it is a string with one. */
  of(container: object, key: string | number): PurposeKind | undefined {
    return this.byContainer.get(container)?.[key];
  }

  /** Records the purpose of one member (tests and callers that build an index by hand). */
  set(container: object, key: string | number, kind: PurposeKind): void {
    let members = this.byContainer.get(container);
    if (members === undefined) {
      members = Object.create(null) as MemberPurposes;
      this.byContainer.set(container, members);
    }
    members[key] = kind;
  }
}

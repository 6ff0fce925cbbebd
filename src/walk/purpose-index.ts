// Which purpose each string of a sanitized value has, keyed by its container: no pointer strings needed.
import type { PurposeKind } from '../vocabulary/purpose-kinds.js';

/** The purposes of one container's string members, by member name or index. */
export type MemberPurposes = Record<string | number, PurposeKind>;

/** A container's member purposes, or one purpose shared by every item of an array. */
export type ContainerPurposes = MemberPurposes | PurposeKind;

/**
 * The purposes of the strings in a sanitized value. Each (fresh, sanitized) container holding strings gets one
 * entry with its members' purposes, so the walk never builds pointer strings; the projection turns the entries
 * it copies into pointers into the projected value. Lives as long as one call.
 */
export class PurposeIndex {
  private readonly byContainer = new Map<object, ContainerPurposes>();
  /** The container looked up last and its entry: a projection reads several members of one in turn. */
  private last: object | undefined;
  private lastMembers: ContainerPurposes | undefined;
  /** The purpose of the value itself, when the value is a string. */
  root: PurposeKind | undefined;

  /**
   * Records the purposes of a container's string members (once per container, after its walk). A table may
   * be shared by many containers of the same shape (it is then frozen), or one purpose for every item.
   */
  attach(container: object, members: ContainerPurposes): void {
    this.byContainer.set(container, members);
    if (container === this.last) this.lastMembers = members;
  }

  /** The purpose of `container[key]`, if it is a string with one. */
  of(container: object, key: string | number): PurposeKind | undefined {
    if (container !== this.last) {
      this.last = container;
      this.lastMembers = this.byContainer.get(container);
    }
    const members = this.lastMembers;
    return typeof members === 'string' ? members : members?.[key];
  }

  /**
   * Records the purpose of one member (tests and callers that build an index by hand); the container's
   * entry becomes its own table (a purpose recorded for every item is not carried over).
   */
  set(container: object, key: string | number, kind: PurposeKind): void {
    const existing = this.byContainer.get(container);
    let members = existing;
    if (typeof members !== 'object' || Object.isFrozen(members)) {
      members = Object.create(null) as MemberPurposes;
      if (typeof existing === 'object') Object.assign(members, existing);
      this.byContainer.set(container, members);
    }
    members[key] = kind;
    if (container === this.last) this.lastMembers = members;
  }
}

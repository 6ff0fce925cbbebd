// Which purpose each string of a sanitized value has, keyed by its container: no pointer strings needed.
import type { PurposeKind } from '../vocabulary/purpose-kinds.js';

/** The purposes of one container's string members, by member name or index. */
export type MemberPurposes = Record<string | number, PurposeKind>;

/** A container's member purposes, or one purpose shared by every item of an array. */
export type ContainerPurposes = MemberPurposes | PurposeKind;

/** How far past its last match a lookup searches the walk's order. */
const REACH = 16;
/** How many lookups out of order may search every entry before the containers are mapped. */
const FULL_SEARCHES = 4;

/**
 * The purposes of the strings in a sanitized value. Each (fresh, sanitized) container has one entry with its
 * string members' purposes, so the walk never builds pointer strings; the projection turns the entries it
 * copies into pointers into the projected value. Lives as long as one call.
 *
 * Entries are kept in the order the walk opened their containers (document order, a container before its
 * members), which is the order in which projections read them: a lookup searches a few entries on from its
 * last match; the few that come out of order search every entry, and only when they are many are the
 * containers mapped (hashing thousands of containers cost more than the projection that reads them).
 */
export class PurposeIndex {
  private readonly containers: object[] = [];
  /** Each container's entry; `undefined` while it is walked and for a container without string members. */
  private readonly entries: (ContainerPurposes | undefined)[] = [];
  /** Where the next in-order lookup starts. */
  private cursor = 0;
  /** Lookups out of order so far that searched every entry. */
  private searches = 0;
  /** Every container's entry, built by the first lookup out of order or the first {@link set}. */
  private byContainer: Map<object, ContainerPurposes> | undefined;
  /** The container looked up last and its entry: a projection reads several members of one in turn. */
  private last: object | undefined;
  private lastMembers: ContainerPurposes | undefined;
  /** The purpose of the value itself, when the value is a string. */
  root: PurposeKind | undefined;

  /**
   * Takes the next place in document order for a container the walk opens; its entry is filled at its end.
   * Once the entries are mapped there is no order to keep: -1, and the entry goes to the map.
   */
  reserve(container: object): number {
    if (this.byContainer !== undefined) return -1;
    this.containers.push(container);
    this.entries.push(undefined);
    return this.containers.length - 1;
  }

  /**
   * Records the purposes of a container's string members (after its walk: the container is its copy if one
   * was made). A table may be shared by many containers of the same shape (it is then frozen), or one
   * purpose for every item.
   */
  fill(place: number, container: object, members: ContainerPurposes | undefined): void {
    if (this.byContainer !== undefined) {
      if (members !== undefined) this.byContainer.set(container, members);
    } else {
      this.containers[place] = container;
      this.entries[place] = members;
    }
    if (container === this.last) this.lastMembers = members;
  }

  /** The purpose of `container[key]`, if it is a string with one. */
  of(container: object, key: string | number): PurposeKind | undefined {
    if (container !== this.last) {
      this.last = container;
      this.lastMembers = this.entryOf(container);
    }
    const members = this.lastMembers;
    return typeof members === 'string' ? members : members?.[key];
  }

  /**
   * Records the purpose of one member (tests and callers that build an index by hand); the container's
   * entry becomes its own table (a purpose recorded for every item is not carried over).
   */
  set(container: object, key: string | number, kind: PurposeKind): void {
    const byContainer = this.mapped();
    const existing = byContainer.get(container);
    let members = existing;
    if (typeof members !== 'object' || Object.isFrozen(members)) {
      members = Object.create(null) as MemberPurposes;
      if (typeof existing === 'object') Object.assign(members, existing);
      byContainer.set(container, members);
    }
    members[key] = kind;
    if (container === this.last) this.lastMembers = members;
  }

  private entryOf(container: object): ContainerPurposes | undefined {
    if (this.byContainer !== undefined) return this.byContainer.get(container);
    const containers = this.containers;
    const end = Math.min(containers.length, this.cursor + REACH);
    for (let i = this.cursor; i < end; i++) {
      if (containers[i] !== container) continue;
      this.cursor = i + 1;
      return this.entries[i];
    }
    // Out of order (a field after a list, such as a cursor): a few lookups search every entry, then a map.
    if (this.searches++ >= FULL_SEARCHES) return this.mapped().get(container);
    const at = containers.indexOf(container);
    return at < 0 ? undefined : this.entries[at];
  }

  /** Every container with an entry, mapped (once). */
  private mapped(): Map<object, ContainerPurposes> {
    if (this.byContainer !== undefined) return this.byContainer;
    const byContainer = new Map<object, ContainerPurposes>();
    for (let i = 0; i < this.containers.length; i++) {
      const entry = this.entries[i];
      if (entry !== undefined) byContainer.set(this.containers[i] as object, entry);
    }
    this.containers.length = 0;
    this.entries.length = 0;
    this.byContainer = byContainer;
    return byContainer;
  }
}

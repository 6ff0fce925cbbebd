// The purposes of a projection's strings, recorded in copy order and turned into a pointer map when read.
import type { PurposeKind } from '../vocabulary/purpose-kinds.js';

/** Exact JSON pointer into a projected value → the purpose of the string there (null prototype). */
export type PurposeMap = Record<string, PurposeKind>;

/** Whatever can give the purposes of a projection's strings as a pointer map (asked at most once per outcome). */
export interface PurposeSource {
  toMap(): PurposeMap;
}

/**
 * Pointers and purposes in the order a projection copied them. A pointer map costs one property insertion
 * (and the interning of a new key) per string, more than the copy itself, so it is built only when read:
 * code that hands `data` on without looking never pays for it.
 */
export class PurposeRecord implements PurposeSource {
  private readonly pointers: string[] = [];
  private readonly kinds: PurposeKind[] = [];

  /** Records the purpose of the string copied to `pointer`. */
  add(pointer: string, kind: PurposeKind): void {
    this.pointers.push(pointer);
    this.kinds.push(kind);
  }

  /** A fresh pointer map (null prototype), keys in copy order; a pointer recorded twice keeps its last purpose. */
  toMap(): PurposeMap {
    const map = Object.create(null) as PurposeMap;
    const { pointers, kinds } = this;
    for (let i = 0; i < pointers.length; i++) map[pointers[i] as string] = kinds[i] as PurposeKind;
    return map;
  }
}

/**
 * Gives `target` an enumerable, read-only `purposes` property whose value is the record's map, built on
 * the first read and the same object on every later one (JSON, spreads and deep equality all read it).
 */
export function withPurposes<T extends object>(
  target: T,
  record: PurposeSource,
): T & { readonly purposes: PurposeMap } {
  let map: PurposeMap | undefined;
  return Object.defineProperty(target, 'purposes', {
    enumerable: true,
    configurable: false,
    get: () => (map ??= record.toMap()),
  }) as T & { readonly purposes: PurposeMap };
}

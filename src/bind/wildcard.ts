// Resolves a JSON pointer whose `*` segments match every item or member, into the list of matches.
import { isArrayIndex, parsePointer, type PointerSegment } from '../vocabulary/pointer.js';

/** One place a wildcard pointer matched: the concrete path and the value there. */
export interface PointerMatch {
  readonly path: readonly PointerSegment[];
  readonly value: unknown;
}

/** The parsed form of a pointer that may hold `*` segments. */
export interface WildcardPointer {
  readonly segments: readonly string[];
  readonly hasWildcard: boolean;
}

/** Parses a pointer once, at definition time (throws on a malformed pointer: a configuration error). */
export function compileWildcardPointer(pointer: string): WildcardPointer {
  const segments = parsePointer(pointer);
  return Object.freeze({ segments: Object.freeze(segments), hasWildcard: segments.includes('*') });
}

/** Every match of a pointer in a value (own properties only; array indices must be canonical). */
export function matchPointer(root: unknown, pointer: WildcardPointer): PointerMatch[] {
  let current: PointerMatch[] = [{ path: [], value: root }];
  for (const segment of pointer.segments) {
    const next: PointerMatch[] = [];
    for (const { path, value } of current) {
      if (Array.isArray(value)) {
        if (segment === '*')
          value.forEach((item: unknown, i) => next.push({ path: [...path, i], value: item }));
        else if (isArrayIndex(segment) && Number(segment) < value.length) {
          next.push({ path: [...path, Number(segment)], value: value[Number(segment)] as unknown });
        }
      } else if (typeof value === 'object' && value !== null) {
        const record = value as Record<string, unknown>;
        if (segment === '*')
          for (const key of Object.keys(record)) next.push({ path: [...path, key], value: record[key] });
        else if (Object.hasOwn(record, segment))
          next.push({ path: [...path, segment], value: record[segment] });
      }
    }
    current = next;
  }
  return current;
}

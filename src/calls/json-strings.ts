// Visits every string inside a JSON-like value with its path, looking through untrusted wrappers.
import type { PointerSegment } from '../vocabulary/pointer.js';
import { heldValue, isUntrusted } from '../taint/untrusted.js';

/** Deepest nesting visited; strings below it are not visited. */
const MAX_DEPTH = 256;

/**
 * Calls `visit` for every string in `value` (array items and own enumerable members, in order), with the
 * path that leads to it. An `Untrusted<T>` wrapper is looked through without adding a path segment. Visits
 * each container once, so shared or cyclic structures end.
 */
export function forEachString(
  value: unknown,
  visit: (text: string, path: readonly PointerSegment[]) => void,
): void {
  walk(value, [], new Set(), visit);
}

function walk(
  value: unknown,
  path: PointerSegment[],
  seen: Set<object>,
  visit: (text: string, path: readonly PointerSegment[]) => void,
): void {
  if (typeof value === 'string') {
    visit(value, path);
    return;
  }
  if (typeof value !== 'object' || value === null || path.length > MAX_DEPTH || seen.has(value)) return;
  seen.add(value);
  if (isUntrusted(value)) {
    walk(heldValue(value), path, seen, visit);
    return;
  }
  const entries: Array<readonly [PointerSegment, unknown]> = Array.isArray(value)
    ? value.map((item, index) => [index, item] as const)
    : Object.entries(value);
  for (const [segment, inner] of entries) {
    path.push(segment);
    walk(inner, path, seen, visit);
    path.pop();
  }
}

// Finds where two JSON values first differ, as a redacted JSON pointer (safe to print in a report).
import type { JsonValue } from '../json/types.js';
import { redactPointer, type PointerSegment } from '../vocabulary/pointer.js';

/**
 * The redacted pointer of the first place where `actual` differs from `expected` (depth first, members in
 * `expected`'s order, then members only `actual` has), or `undefined` when they are equal.
 */
export function firstDifference(expected: JsonValue, actual: JsonValue): string | undefined {
  const path = differencePath(expected, actual, []);
  return path === undefined ? undefined : redactPointer(path);
}

function differencePath(
  expected: JsonValue,
  actual: JsonValue,
  path: PointerSegment[],
): PointerSegment[] | undefined {
  if (Array.isArray(expected) || Array.isArray(actual)) {
    if (!Array.isArray(expected) || !Array.isArray(actual)) return path;
    for (let i = 0; i < Math.max(expected.length, actual.length); i++) {
      const left = expected[i];
      const right = actual[i];
      if (left === undefined || right === undefined) return [...path, i];
      const inner = differencePath(left, right, [...path, i]);
      if (inner !== undefined) return inner;
    }
    return undefined;
  }
  if (isObject(expected) || isObject(actual)) {
    if (!isObject(expected) || !isObject(actual)) return path;
    const names = [
      ...Object.keys(expected),
      ...Object.keys(actual).filter((name) => !Object.hasOwn(expected, name)),
    ];
    for (const name of names) {
      const left = Object.hasOwn(expected, name) ? expected[name] : undefined;
      const right = Object.hasOwn(actual, name) ? actual[name] : undefined;
      if (left === undefined || right === undefined) return [...path, name];
      const inner = differencePath(left, right, [...path, name]);
      if (inner !== undefined) return inner;
    }
    return undefined;
  }
  return Object.is(expected, actual) ? undefined : path;
}

function isObject(value: JsonValue): value is { [name: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

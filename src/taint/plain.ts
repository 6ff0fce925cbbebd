// Data as sinks see it: every untrusted wrapper in a JSON-like value replaced by the value it holds.
import { heldValue, isUntrusted } from './untrusted.js';

/** Deepest nesting looked into; deeper parts are returned as they are (gate data is far shallower). */
const MAX_DEPTH = 512;

/**
 * `value` with every untrusted wrapper (nested ones too) replaced by the value it holds, for the package's
 * sinks and walks, which keep it inside a boundary or render it by purpose. Arrays and plain objects on the way
 * to a wrapper are copied (as plain arrays and objects); everything else is shared, and a value without
 * wrappers is returned as it is. Not part of the package's entries, and not a reveal: application code calls
 * `revealUntrusted`.
 */
export function plainData(value: unknown): unknown {
  return plain(value, 0);
}

function plain(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return value;
  if (isUntrusted(value)) return plain(heldValue(value), depth + 1);
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item: unknown, index) => {
      const inner = plain(item, depth + 1);
      if (inner !== item) (copy ??= value.slice())[index] = inner;
    });
    return copy ?? value;
  }
  let copy: Record<string, unknown> | undefined;
  for (const [name, member] of Object.entries(value)) {
    const inner = plain(member, depth + 1);
    if (inner === member) continue;
    copy ??= Object.fromEntries(Object.entries(value));
    // defineProperty, not assignment: a member named __proto__ stays a member.
    Object.defineProperty(copy, name, { value: inner, enumerable: true, writable: true, configurable: true });
  }
  return copy ?? value;
}

// Freezes a value and everything inside it, so a value shared between callers cannot be changed by one of them.

/** Freezes `value` and every object and array inside it (in place), and returns it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

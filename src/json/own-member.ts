// Sets a member of a fresh object as own data, even one called `__proto__`.

/**
 * Writes `target[key] = value` as an own, enumerable data property. Plain assignment of `__proto__` would
 * replace the prototype instead, so that one name is defined explicitly; every other name takes the fast path.
 */
export function setOwnMember(target: object, key: string | number, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    (target as Record<string | number, unknown>)[key] = value;
  }
}

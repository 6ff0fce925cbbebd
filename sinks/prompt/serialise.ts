// The text of an untrusted value for a prompt: a string as is, anything else as JSON (nested wrappers unwrapped).
import { heldValue, isUntrusted } from '../../src/taint/untrusted.js';
import type { Untrusted } from '../../src/taint/untrusted.js';

const unwrapNested = (_key: string, value: unknown): unknown =>
  isUntrusted(value) ? heldValue(value) : value;

/**
 * The text an untrusted value contributes to a prompt. Strings are taken as they are; other values are written
 * as JSON, with untrusted wrappers nested inside replaced by their values (the whole block is untrusted anyway).
 * Throws a TypeError when the value has no JSON form (a cycle, a BigInt, `undefined`): tool data that passed the
 * gate is JSON, so this is a programming mistake.
 */
export function untrustedText(item: Untrusted<unknown>): string {
  const value = heldValue(item);
  if (typeof value === 'string') return value;
  let json: string | undefined;
  try {
    json = JSON.stringify(value, unwrapNested);
  } catch {
    json = undefined;
  }
  if (json === undefined)
    throw new TypeError('An untrusted value for a prompt must be a string or have a JSON form.');
  return json;
}

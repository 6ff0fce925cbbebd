// Turns proposed call arguments into one canonical JSON value, noting where untrusted values were inside.
import type { JsonValue } from '../json/types.js';
import { findUntrusted } from '../taint/contains.js';
import { heldValue, isUntrusted } from '../taint/untrusted.js';
import { canonicalHash } from './canonical-hash.js';
import { MAX_CANONICAL_DEPTH, type CanonicalFailureCode } from './jcs.js';
import { deepFreeze } from '../vocabulary/deep-freeze.js';

/** Arguments as plain canonical JSON, or why they are not JSON at all. */
export type NormalizedArguments =
  | {
      readonly ok: true;
      /** A fresh, deeply frozen JSON value parsed back from the canonical text. */
      readonly value: JsonValue;
      /** The RFC 8785 canonical text: the same request always has the same text. */
      readonly canonical: string;
      /** SHA-256 of the canonical text, hex. */
      readonly sha256: string;
      /** Redacted pointers of every `Untrusted<T>` found in the arguments (unwrapped in `value`). */
      readonly untrusted: readonly string[];
    }
  | {
      readonly ok: false;
      readonly code: CanonicalFailureCode | 'arguments.accessor';
      readonly pointer: string;
    };

/** Stands for a value too deep or too large to unwrap; canonicalising refuses it. */
const TOO_LARGE = Symbol('too large');

/** Most values unwrapped; bounds the copy of a value that shares sub-objects many times over. */
const MAX_NODES = 200_000;

/**
 * Normalizes arguments: every `Untrusted<T>` wrapper is replaced by its value (its location kept), and the
 * result is canonicalised (RFC 8785) and parsed back, so what is validated, hashed, audited and sent is one
 * and the same plain JSON value. A getter anywhere is refused, since running it could answer differently
 * later; so is anything `canonicalize` refuses. Never throws.
 */
export function normalizeArguments(args: unknown): NormalizedArguments {
  const hits = findUntrusted(args);
  const accessor = hits.find((hit) => hit.reason === 'accessor');
  if (accessor !== undefined) return { ok: false, code: 'arguments.accessor', pointer: accessor.pointer };
  const hashed = canonicalHash(unwrap(args, 0, { nodes: 0 }));
  if (!hashed.ok) return hashed;
  return {
    ok: true,
    value: deepFreeze(JSON.parse(hashed.text) as JsonValue),
    canonical: hashed.text,
    sha256: hashed.sha256,
    untrusted: Object.freeze(hits.map((hit) => hit.pointer)),
  };
}

/** A copy with every untrusted wrapper replaced by its (unwrapped) value; non-JSON values are left for JCS to refuse. */
function unwrap(value: unknown, depth: number, budget: { nodes: number }): unknown {
  if (depth > MAX_CANONICAL_DEPTH || ++budget.nodes > MAX_NODES) return TOO_LARGE;
  if (isUntrusted(value)) return unwrap(heldValue(value), depth + 1, budget);
  if (Array.isArray(value)) return value.map((item) => unwrap(item, depth + 1, budget));
  if (typeof value !== 'object' || value === null) return value;
  const prototype: unknown = Object.getPrototypeOf(value);
  // Left as is for canonicalising to refuse: class instances, and symbol keys (which entries() would drop).
  if (prototype !== Object.prototype && prototype !== null) return value;
  if (Object.getOwnPropertySymbols(value).length > 0) return value;
  const copy: Record<string, unknown> = {};
  for (const [name, inner] of Object.entries(value)) {
    // defineProperty, not assignment: a member named __proto__ stays a member.
    Object.defineProperty(copy, name, {
      value: unwrap(inner, depth + 1, budget),
      enumerable: true,
      writable: true,
    });
  }
  return copy;
}

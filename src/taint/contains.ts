// Deep taint checks: finds untrusted wrappers anywhere inside arrays, objects, maps and sets.
import { isArrayIndex, redactPointer, type PointerSegment } from '../vocabulary/pointer.js';
import { isUntrusted } from './untrusted.js';

/** Why a location counts as tainted. */
export type TaintReason = 'untrusted' | 'accessor';

/** One tainted location inside a checked value. */
export interface TaintHit {
  /** Redacted JSON pointer of the location (member names that are not plain identifiers become digests). */
  readonly pointer: string;
  /** `untrusted`: an untrusted wrapper sits here. `accessor`: a getter that was not run, so it cannot be cleared. */
  readonly reason: TaintReason;
}

/** The segment that stands for a symbol-keyed property in a pointer. */
const SYMBOL_SEGMENT = '$symbol';

/** A path kept as a chain from the leaf up, so descending costs one node, not a copy of the whole path. */
interface PathNode {
  readonly segment: PointerSegment;
  readonly parent: PathNode | undefined;
}

interface Pending {
  readonly value: unknown;
  readonly path: PathNode | undefined;
}

const step = (parent: PathNode | undefined, segment: PointerSegment): PathNode => ({ segment, parent });

function pointerOf(path: PathNode | undefined): string {
  const segments: PointerSegment[] = [];
  for (let node = path; node !== undefined; node = node.parent) segments.push(node.segment);
  return redactPointer(segments.reverse());
}

/**
 * Every tainted location inside `value`, in walk order. Walks array items, own properties of objects (string and
 * symbol keys), map keys and values, and set members; the walk is iterative (no stack overflow on deep values)
 * and visits each object once (cycles end). Accessor properties are not invoked, since running a getter could
 * have effects or answer differently later: each one is reported as `accessor` taint, so a permission gate
 * refuses what it cannot inspect. Byte buffers are skipped (they cannot hold a wrapper). Stops after `limit`
 * hits (default: all).
 */
export function findUntrusted(value: unknown, limit = Number.POSITIVE_INFINITY): readonly TaintHit[] {
  const hits: TaintHit[] = [];
  const seen = new WeakSet<object>();
  const pending: Pending[] = [{ value, path: undefined }];
  for (let next = pending.pop(); next !== undefined && hits.length < limit; next = pending.pop()) {
    const { value: current, path } = next;
    if (typeof current !== 'object' || current === null) continue;
    if (isUntrusted(current)) {
      hits.push({ pointer: pointerOf(path), reason: 'untrusted' });
      continue;
    }
    if (seen.has(current) || holdsOnlyBytes(current)) continue;
    seen.add(current);
    for (const child of children(current, path, hits).reverse()) pending.push(child);
  }
  return hits.slice(0, limit);
}

/** True when any untrusted wrapper (or an uninspectable accessor) sits anywhere inside `value`. */
export function containsUntrusted(value: unknown): boolean {
  return findUntrusted(value, 1).length > 0;
}

function children(container: object, path: PathNode | undefined, hits: TaintHit[]): Pending[] {
  if (container instanceof Map) {
    const entries: Pending[] = [];
    let index = 0;
    for (const [key, item] of container as Map<unknown, unknown>) {
      const entry = step(path, index++);
      entries.push({ value: key, path: step(entry, 'key') }, { value: item, path: step(entry, 'value') });
    }
    return entries;
  }
  if (container instanceof Set) {
    return [...(container as Set<unknown>)].map((item, index) => ({ value: item, path: step(path, index) }));
  }
  const entries: Pending[] = [];
  const isArray = Array.isArray(container);
  for (const key of Reflect.ownKeys(container)) {
    const descriptor = Object.getOwnPropertyDescriptor(container, key);
    if (descriptor === undefined || (isArray && key === 'length')) continue;
    const segment: PointerSegment =
      typeof key === 'symbol' ? SYMBOL_SEGMENT : isArray && isArrayIndex(key) ? Number(key) : key;
    const member: unknown = descriptor.value;
    if ('value' in descriptor) entries.push({ value: member, path: step(path, segment) });
    else hits.push({ pointer: pointerOf(step(path, segment)), reason: 'accessor' });
  }
  return entries;
}

/** Byte containers cannot hold a wrapper; skipping them keeps a large buffer from being walked index by index. */
function holdsOnlyBytes(value: object): boolean {
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return true;
  return typeof SharedArrayBuffer === 'function' && value instanceof SharedArrayBuffer;
}

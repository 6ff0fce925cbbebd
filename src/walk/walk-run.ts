// The sanitize walk's loop: an explicit stack of containers, so a long walk can pause between any two values.
import { setOwnMember } from '../json/own-member.js';
import type { PurposeOutcome } from '../purposes/purpose.js';
import { redactPointer } from '../vocabulary/pointer.js';
import { isThenable } from '../vocabulary/settle-within.js';
import type { ContainerPurposes, MemberPurposes } from './purpose-index.js';
import type { PurposeKind } from '../vocabulary/purpose-kinds.js';
import type { Shape } from './shape.js';
import { CHECK_EVERY, sliceSpent } from './pacing.js';
import { currentPath, settle, type Frame, type Walk } from './walk-state.js';

/**
 * Starts a walk at its root value. `walk.root` holds the result so far: the sanitized string, the value
 * itself, or the root container (the source until something in it changes, then its copy).
 */
export function startWalk(value: unknown, shape: Shape | undefined, walk: Walk): void {
  if (typeof value === 'string') {
    const copy = visitString(value, shape?.at(value), walk, undefined, '');
    if (copy !== undefined) walk.root = copy;
    return;
  }
  walk.root = value;
  if (typeof value === 'object' && value !== null) open(value as Frame['source'], shape?.at(value), walk);
}

/**
 * Visits values until the walk is complete (true) or, when `paced`, until the current macrotask has had its
 * share (false: call again on a later one). Stops at the first failure. Order of visits (and so of findings)
 * is the same whether or not the walk pauses.
 */
export function runWalk(walk: Walk, paced: boolean): boolean {
  const stack = walk.stack;
  let countdown = CHECK_EVERY;
  while (walk.depth > 0 && walk.failure === undefined) {
    if (paced && --countdown === 0) {
      countdown = CHECK_EVERY;
      if (sliceSpent()) return false;
    }
    const frame = stack[walk.depth - 1] as Frame;
    if (frame.next >= frame.length) {
      const entry = frame.strings ? (frame.members ?? (frame.fixed as ContainerPurposes)) : undefined;
      walk.purposes.fill(frame.place, frame.out, entry);
      walk.depth--;
      continue;
    }
    const i = frame.next++;
    const keys = frame.keys;
    let child: unknown;
    let shape: Shape | undefined;
    if (keys === undefined) {
      frame.at = i;
      child = (frame.source as unknown[])[i];
      shape = frame.shape?.item(i);
    } else {
      const key = keys[i] as string;
      frame.at = key;
      child = (frame.source as Record<string, unknown>)[key];
      shape = frame.shape?.member(key);
    }
    // Copy on write: a container is copied (with its ancestors) only when a string in it changes.
    if (typeof child === 'string') {
      const copy = visitString(child, shape?.at(child), walk, frame, frame.at);
      if (copy !== undefined && copy !== child) setOwnMember(writable(walk), frame.at, copy);
    } else if (typeof child === 'object' && child !== null) {
      open(child as Frame['source'], shape?.at(child), walk);
    }
  }
  return true;
}

/**
 * The copy of the innermost open container, made now if it is still its source: a shallow copy (own data
 * members, `__proto__` included as one) put in its parent's copy, the parent copied first the same way.
 * Containers in which nothing changed stay shared with the walked value.
 */
function writable(walk: Walk): Frame['out'] {
  const stack = walk.stack;
  let first = walk.depth - 1;
  while (first >= 0 && !(stack[first] as Frame).copied) first--;
  for (let d = first + 1; d < walk.depth; d++) {
    const frame = stack[d] as Frame;
    const source = frame.source;
    frame.out = Array.isArray(source) ? source.slice() : { ...source };
    frame.copied = true;
    if (d === 0) walk.root = frame.out;
    else {
      const parent = stack[d - 1] as Frame;
      setOwnMember(parent.out, parent.at, frame.out);
    }
  }
  return (stack[walk.depth - 1] as Frame).out;
}

/** Pushes a container on the stack (reusing a frame); it is copied only once something in it changes. */
function open(source: Frame['source'], shape: Shape | undefined, walk: Walk): void {
  const isArray = Array.isArray(source);
  const keys = isArray ? undefined : Object.keys(source);
  const length = isArray ? source.length : (keys as string[]).length;
  const fixed = shape?.fixedPurposes(isArray);
  const place = walk.purposes.reserve(source);
  let frame = walk.stack[walk.depth];
  if (frame === undefined) {
    frame = {
      source,
      out: source,
      copied: false,
      keys,
      length,
      next: 0,
      at: 0,
      shape,
      fixed,
      members: undefined,
      strings: false,
      place,
    };
    walk.stack.push(frame);
  } else {
    frame.source = source;
    frame.out = source;
    frame.copied = false;
    frame.keys = keys;
    frame.length = length;
    frame.next = 0;
    frame.at = 0;
    frame.shape = shape;
    frame.fixed = fixed;
    frame.members = undefined;
    frame.strings = false;
    frame.place = place;
  }
  walk.depth++;
}

/**
 * Sends one string through its purpose. Returns the value to write now, or `undefined` when nothing is to be
 * written (a failure was recorded, or the outcome is asynchronous and will be written when it settles).
 */
function visitString(
  value: string,
  shape: Shape | undefined,
  walk: Walk,
  frame: Frame | undefined,
  key: string | number,
): string | undefined {
  const purpose = shape?.conflict === false ? shape.purpose : undefined;
  if (purpose === undefined) {
    walk.failure = {
      stage: 'sanitize',
      code: 'sanitize.purpose_unresolved',
      pointer: redactPointer(currentPath(walk), walk.names),
    };
    return undefined;
  }
  if (frame === undefined) walk.purposes.root = purpose.kind;
  else record(frame, key, purpose.kind);
  if (purpose.passes?.(value) === true) return value;
  const outcome = purpose.sanitize(value);
  if (!isThenable<PurposeOutcome>(outcome)) return settle(outcome, value, walk, undefined);
  const place = frame === undefined ? undefined : { container: writable(walk), key };
  walk.pending.push({ promise: outcome, input: value, path: currentPath(walk), place });
  // The input stands in its place until the outcome settles (it is replaced or the copy refused).
  return value;
}

/** Records a string member's purpose: nothing to write while it is the one its shape fixes. */
function record(frame: Frame, key: string | number, kind: PurposeKind): void {
  frame.strings = true;
  if (frame.members !== undefined) {
    frame.members[key] = kind;
    return;
  }
  const fixed = frame.fixed;
  if ((typeof fixed === 'string' ? fixed : fixed?.[key]) === kind) return;
  // This member differs: the container gets its own table, holding what `fixed` said for the others.
  const members = Object.create(null) as MemberPurposes;
  if (typeof fixed === 'string') for (let i = 0; i < (key as number); i++) members[i] = fixed;
  else if (fixed !== undefined) Object.assign(members, fixed);
  members[key] = kind;
  frame.members = members;
}

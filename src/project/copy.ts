// Copies a sanitized JSON value for the agent, recording each string's purpose under its pointer in the copy.
import { setOwnMember } from '../json/own-member.js';
import { escapeSegment } from '../vocabulary/pointer.js';
import type { PurposeIndex } from '../walk/purpose-index.js';
import type { PurposeKind } from '../vocabulary/purpose-kinds.js';
import { CHECK_EVERY, sliceSpent, waitForTurn } from '../walk/pacing.js';
import type { PurposeRecord } from './purpose-record.js';

/** Where a projection writes the purposes of the strings it copies, read from the sanitize walk's index. */
export interface Out {
  readonly index: PurposeIndex;
  readonly purposes: PurposeRecord;
  /** What a string with a purpose is placed as (the string itself when absent): the gate wraps prose here. */
  readonly place?: StringPlacer | undefined;
}

/** Turns a projected string with a purpose into the value placed in the projection. */
export type StringPlacer = (value: string, kind: PurposeKind) => unknown;

/**
 * A copied string in its place: its purpose (if it has one) recorded under `pointer`, and the value that
 * stands for it in the copy (what `out.place` makes of it, or the string itself).
 */
export function placed(out: Out, pointer: string, value: string, kind: PurposeKind | undefined): unknown {
  if (kind === undefined) return value;
  out.purposes.add(pointer, kind);
  return out.place === undefined ? value : out.place(value, kind);
}

/** One container being copied: its source, its copy, its pointer in the copy and how far the copy has come. */
interface Frame {
  readonly source: Record<string, unknown> | unknown[];
  readonly copy: Record<string, unknown> | unknown[];
  readonly keys: string[] | undefined;
  readonly pointer: string;
  next: number;
}

/**
 * Copies `value` to pointer `to` of the projected value, one container at a time on an explicit stack (deep
 * values never deepen the call stack). With `signal` given the copy pauses whenever the current macrotask has
 * had its share, and resolves to `undefined` if the signal fired meanwhile.
 */
export function copyValue(value: unknown, out: Out, to: string): unknown {
  const stack: Frame[] = [];
  const root = start(value, to, stack);
  run(stack, out, false);
  return root;
}

/** {@link copyValue}, pausing between macrotasks; `undefined` when the signal fired during a pause. */
export async function copyValuePaced(
  value: unknown,
  out: Out,
  to: string,
  signal: AbortSignal | undefined,
): Promise<{ readonly value: unknown } | undefined> {
  const stack: Frame[] = [];
  const root = start(value, to, stack);
  while (!run(stack, out, true)) if (!(await waitForTurn(signal))) return undefined;
  return { value: root };
}

function start(value: unknown, pointer: string, stack: Frame[]): unknown {
  if (typeof value !== 'object' || value === null) return value;
  return open(value as Frame['source'], pointer, stack);
}

function open(source: Frame['source'], pointer: string, stack: Frame[]): Frame['copy'] {
  const isArray = Array.isArray(source);
  const copy: Frame['copy'] = isArray ? new Array<unknown>(source.length) : {};
  stack.push({ source, copy, keys: isArray ? undefined : Object.keys(source), pointer, next: 0 });
  return copy;
}

/** Copies until done (true) or, when `paced`, until the macrotask has had its share (false). */
function run(stack: Frame[], out: Out, paced: boolean): boolean {
  let countdown = CHECK_EVERY;
  for (let frame = stack.at(-1); frame !== undefined; frame = stack.at(-1)) {
    if (paced && --countdown === 0) {
      countdown = CHECK_EVERY;
      if (sliceSpent()) return false;
    }
    const { source, keys } = frame;
    const length = keys === undefined ? (source as unknown[]).length : keys.length;
    if (frame.next >= length) {
      stack.pop();
      continue;
    }
    const i = frame.next++;
    const key = keys === undefined ? i : (keys[i] as string);
    const child = (source as Record<string | number, unknown>)[key];
    const pointer = frame.pointer + '/' + (keys === undefined ? String(i) : escapeSegment(key));
    if (typeof child === 'string') {
      setOwnMember(frame.copy, key, placed(out, pointer, child, out.index.of(source, key)));
    } else if (typeof child === 'object' && child !== null) {
      setOwnMember(frame.copy, key, open(child as Frame['source'], pointer, stack));
    } else {
      setOwnMember(frame.copy, key, child);
    }
  }
  return true;
}

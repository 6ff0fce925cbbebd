// The state of one sanitize walk, and how one purpose outcome is applied to it.
import type { Issue } from '../vocabulary/issue.js';
import { exceedsExpansion, type OutputLimits } from '../vocabulary/limits.js';
import { setOwnMember } from '../json/own-member.js';
import { redactPointer, type DeclaredNames, type PointerSegment } from '../vocabulary/pointer.js';
import type { Shape } from './shape.js';
import { utf8Length } from '../unicode/codepoint.js';
import type { Finding } from '../vocabulary/finding.js';
import type { HiddenPayload, PurposeOutcome } from '../purposes/purpose.js';
import type { ContainerPurposes, MemberPurposes, PurposeIndex } from './purpose-index.js';

/** Smuggled content found in a field, located by a redacted pointer (operator audit only). */
export interface LocatedHiddenPayload extends HiddenPayload {
  readonly pointer: string;
}

/** Where a string sits: its fresh container and key (none for a string at the root). */
export type Place = { readonly container: object; readonly key: string | number } | undefined;

/** A string whose asynchronous sanitization is still running, and where its result goes once settled. */
export interface Pending {
  readonly promise: PromiseLike<PurposeOutcome>;
  readonly input: string;
  readonly path: readonly PointerSegment[];
  readonly place: Place;
}

/** One open container of the walk: its source, its copy, and how far the walk has come in it. */
export interface Frame {
  source: Record<string, unknown> | unknown[];
  /** The source until something in it changes, then its shallow copy (see `copied`). */
  out: Record<string, unknown> | unknown[];
  copied: boolean;
  /** The member names of an object (in order); `undefined` for an array. */
  keys: string[] | undefined;
  length: number;
  /** Position of the next member or item to visit. */
  next: number;
  /** The member name or index being visited: this frame's segment of the current path. */
  at: string | number;
  shape: Shape | undefined;
  /** Its shape's purposes that hold whatever the values are (shared, never written). */
  fixed: ContainerPurposes | undefined;
  /** Its own table of string member purposes, created only when one differs from (or is missing in) `fixed`. */
  members: MemberPurposes | undefined;
  /** Whether a string member was visited (only then does its place in the index get an entry). */
  strings: boolean;
  /** Its place in the purpose index, taken when it was opened. */
  place: number;
}

/**
 * What applying purpose outcomes gathers and reads: findings, hidden payloads, growth against the limits, the
 * first failure, and where the string being visited is (the interpreter's walk and the compiled pass both).
 */
export interface Tally {
  readonly findings: Finding[];
  readonly hidden: LocatedHiddenPayload[];
  readonly limits: OutputLimits;
  /** The contract's member names: the only ones reported pointers show verbatim. */
  readonly names: DeclaredNames | undefined;
  failure: Issue | undefined;
  growth: number;
  /** The sanitized value so far: a string's result, or the root container (its copy once one is made). */
  root: unknown;
  /** The exact path of the string being visited (asked only when something is reported). */
  pathNow(): PointerSegment[];
}

/** Everything one walk gathers, and its stack of open containers (reused frames; `depth` are live). */
export interface Walk extends Tally {
  readonly purposes: PurposeIndex;
  readonly pending: Pending[];
  readonly stack: Frame[];
  depth: number;
}

/** The exact path of the value being visited (built only when something is reported or deferred). */
export function currentPath(walk: Walk): PointerSegment[] {
  const path: PointerSegment[] = [];
  for (let d = 0; d < walk.depth; d++) path.push((walk.stack[d] as Frame).at);
  return path;
}

/** The redacted pointer of a deferred string's `path`, or of the value being visited. */
function pointerOf(tally: Tally, path: readonly PointerSegment[] | undefined): string {
  return redactPointer(path ?? tally.pathNow(), tally.names);
}

/**
 * Applies a purpose's outcome: records findings, checks growth, and returns the value to write, or
 * `undefined` after recording a failure. A deferred outcome (the string is no longer the one being visited)
 * gives its `path` and `place` and is written here.
 */
export function settle(
  outcome: PurposeOutcome,
  input: string,
  walk: Tally,
  place: Place,
  path?: readonly PointerSegment[],
): string | undefined {
  const findings = outcome.findings;
  const pointer = findings.length > 0 || !outcome.ok ? pointerOf(walk, path) : '';
  // Indexed loops: `for…of` over a frozen array (the shared empty lists) allocates an iterator every time.
  for (let i = 0; i < findings.length; i++) walk.findings.push({ ...(findings[i] as Finding), pointer });
  if (!outcome.ok) {
    walk.failure ??= { stage: 'sanitize', code: 'sanitize.rejected', pointer };
    return undefined;
  }
  const hidden = outcome.hidden;
  if (hidden !== undefined)
    for (let i = 0; i < hidden.length; i++)
      walk.hidden.push({ ...(hidden[i] as HiddenPayload), pointer: pointerOf(walk, path) });
  if (outcome.value !== input && !withinBudget(outcome.value, input, outcome.allowance, walk, path))
    return undefined;
  if (place !== undefined) setOwnMember(place.container, place.key, outcome.value);
  else if (path?.length === 0) walk.root = outcome.value;
  return outcome.value;
}

/** Counts a changed value's growth; false (with the failure recorded) when it grew past the budget. */
function withinBudget(
  value: string,
  input: string,
  allowance: number | undefined,
  walk: Tally,
  path: readonly PointerSegment[] | undefined,
): boolean {
  const before = utf8Length(input);
  const after = utf8Length(value);
  if (exceedsExpansion(before, after, walk.limits.expansionBudget, allowance)) {
    walk.failure ??= {
      stage: 'sanitize',
      code: 'sanitize.expansion',
      pointer: pointerOf(walk, path),
      limit: walk.limits.expansionBudget,
      actual: after,
    };
    return false;
  }
  walk.growth += Math.max(0, after - before);
  return true;
}

/**
 * Waits for the purposes that answer later (started in walk order) and applies their outcomes in that order,
 * each written to its place; nothing is applied once the walk has failed.
 */
export async function settlePending(tally: Tally, pending: readonly Pending[]): Promise<void> {
  if (pending.length === 0 || tally.failure !== undefined) return;
  const outcomes = await Promise.all(pending.map((item) => item.promise));
  pending.forEach((item, i) => {
    const outcome = outcomes[i];
    if (outcome !== undefined) settle(outcome, item.input, tally, item.place, item.path);
  });
}

/**
 * The issue of a sanitized value larger than `safeMaxBytes` (measured as its JSON only when the decoded size
 * plus what purposes added could exceed it), or `undefined`.
 */
export function sizeIssue(
  copy: unknown,
  decodedBytes: number,
  growth: number,
  limits: OutputLimits,
): Issue | undefined {
  if (decodedBytes + growth <= limits.safeMaxBytes) return undefined;
  const size = new TextEncoder().encode(JSON.stringify(copy)).length;
  if (size <= limits.safeMaxBytes) return undefined;
  return { stage: 'sanitize', code: 'sanitize.too_large', limit: limits.safeMaxBytes, actual: size };
}

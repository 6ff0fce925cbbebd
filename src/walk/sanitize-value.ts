// The sanitize walk: every string of a validated value goes through the purpose its contract gave it.
import type { Issue } from '../vocabulary/issue.js';
import type { OutputLimits } from '../vocabulary/limits.js';
import type { DeclaredNames } from '../vocabulary/pointer.js';
import type { Shape } from './shape.js';
import type { Finding } from '../vocabulary/finding.js';
import { PurposeIndex } from './purpose-index.js';
import { NO_FINDINGS } from '../purposes/purpose.js';
import { waitForTurn } from './pacing.js';
import { runWalk, startWalk } from './walk-run.js';
import { currentPath, settlePending, sizeIssue, type LocatedHiddenPayload, type Walk } from './walk-state.js';

export type { LocatedHiddenPayload } from './walk-state.js';

/** The sanitized value with what happened to it, or the issue that refused it. */
export type SanitizeResult =
  | {
      readonly ok: true;
      readonly value: unknown;
      readonly purposes: PurposeIndex;
      readonly findings: readonly Finding[];
      readonly hidden: readonly LocatedHiddenPayload[];
    }
  | { readonly ok: false; readonly issue: Issue; readonly findings: readonly Finding[] };

/** How a walk shares the event loop: paced (pausing between macrotasks), and the signal that stops it. */
export interface WalkPacing {
  readonly signal?: AbortSignal | undefined;
}

const NO_HIDDEN: readonly LocatedHiddenPayload[] = Object.freeze([]);

/**
 * The validated value with every string through its purpose, copied on write: a container is copied (objects
 * as own data properties only) when a string in it changes, and containers in which nothing changed stay
 * shared with `value`, which is never written (the gate's projection copies what the agent receives).
 * Rich-text purposes may be asynchronous: every one is started during the walk and awaited together (the
 * html purpose paces its own DOM work across macrotasks). The copy is
 * refused when a purpose refuses a value, when a value grows beyond the expansion budget, or when the whole
 * grows beyond `safeMaxBytes`. With `pacing`, a long walk pauses whenever the current macrotask has had its
 * share, so other work runs meanwhile; a fired signal then ends it as `internal.aborted`.
 */
export async function sanitizeValue(
  value: unknown,
  shape: Shape,
  decodedBytes: number,
  limits: OutputLimits,
  names?: DeclaredNames,
  pacing?: WalkPacing,
): Promise<SanitizeResult> {
  const walk: Walk = {
    purposes: new PurposeIndex(),
    findings: [],
    hidden: [],
    pending: [],
    stack: [],
    depth: 0,
    limits,
    names,
    failure: undefined,
    growth: 0,
    root: undefined,
    pathNow: () => currentPath(walk),
  };
  startWalk(value, shape, walk);
  const paced = pacing !== undefined;
  while (!runWalk(walk, paced)) {
    if (!(await waitForTurn(pacing?.signal)))
      walk.failure ??= { stage: 'sanitize', code: 'internal.aborted' };
  }
  if (walk.pending.length > 0) await settlePending(walk, walk.pending);
  const findings = walk.findings.length === 0 ? NO_FINDINGS : walk.findings;
  if (walk.failure !== undefined) return { ok: false, issue: walk.failure, findings };
  const copy = walk.root;
  const tooLarge = sizeIssue(copy, decodedBytes, walk.growth, limits);
  if (tooLarge !== undefined) return { ok: false, issue: tooLarge, findings };
  const hidden = walk.hidden.length === 0 ? NO_HIDDEN : walk.hidden;
  return { ok: true, value: copy, purposes: walk.purposes, findings, hidden };
}

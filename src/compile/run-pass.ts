// Runs a compiled pass over one parsed value: pausing between macrotasks, then settling late purposes.
import { NO_FINDINGS } from '../purposes/purpose.js';
import type { Finding } from '../vocabulary/finding.js';
import type { Issue } from '../vocabulary/issue.js';
import type { OutputLimits } from '../vocabulary/limits.js';
import type { DeclaredNames } from '../vocabulary/pointer.js';
import { waitForTurn } from '../walk/pacing.js';
import { settlePending, sizeIssue, type LocatedHiddenPayload } from '../walk/walk-state.js';
import type { CompiledPass } from './compile-pass.js';
import { PassState } from './pass-state.js';
import { LATER, STOP } from './runtime.js';

/**
 * How a pass over a value ended: `walked` (valid, every string through its purpose so far), `off` (the value
 * left the compiled path: the validator and the interpreter take it from here, with the same answers as
 * ever), or `aborted` (the caller's signal fired while the pass paused).
 */
export type PassWalk =
  | { readonly kind: 'walked'; readonly value: unknown; readonly state: PassState }
  | { readonly kind: 'off' }
  | { readonly kind: 'aborted' };

const OFF: PassWalk = Object.freeze({ kind: 'off' });
const ABORTED: PassWalk = Object.freeze({ kind: 'aborted' });

/**
 * Validates `value` and sends its strings through their purposes in one generated pass. A long pass pauses
 * between the items of long arrays whenever the macrotask has had its share. A defect in generated code is
 * never an outcome: the value then goes to the interpreter, which answers as it always did.
 */
export async function walkPass(
  pass: CompiledPass,
  value: unknown,
  limits: OutputLimits,
  names: DeclaredNames,
  signal: AbortSignal | undefined,
): Promise<PassWalk> {
  const state = new PassState(limits, names);
  let result: unknown;
  try {
    if (pass.paced) {
      const steps = pass.walk(value, state, 0) as Generator<undefined, unknown>;
      let step = steps.next();
      while (step.done !== true) {
        if (!(await waitForTurn(signal))) return ABORTED;
        step = steps.next();
      }
      result = step.value;
    } else {
      result = pass.walk(value, state, 0);
    }
  } catch {
    return OFF;
  }
  if (result === STOP) return OFF;
  if (result === LATER) {
    // A root string whose purpose answers later: settled in place of the root (the path is empty).
    const promise = state.promise as NonNullable<PassState['promise']>;
    state.pending.push({ promise, input: value as string, path: [], place: undefined });
    state.root = value;
    result = value;
  }
  return { kind: 'walked', value: result, state };
}

/** The sanitized value with what its purposes reported, or the value refused, or left to the interpreter. */
export type PassSettled =
  | {
      readonly kind: 'sanitized';
      readonly value: unknown;
      readonly findings: readonly Finding[];
      readonly hidden: readonly LocatedHiddenPayload[];
    }
  | { readonly kind: 'refused'; readonly issue: Issue; readonly findings: readonly Finding[] }
  | { readonly kind: 'off' };

const NO_HIDDEN: readonly LocatedHiddenPayload[] = Object.freeze([]);

/**
 * Finishes a walked pass as the interpreter's sanitize stage finishes its walk: late purposes settled in
 * order, then the size of the whole checked. A late purpose that refuses its value leaves the rest to the
 * interpreter (the walk up to there is the same; the interpreter reports it).
 */
export async function settlePass(
  walked: Extract<PassWalk, { kind: 'walked' }>,
  decodedBytes: number,
): Promise<PassSettled> {
  const { state } = walked;
  let value = walked.value;
  if (state.pending.length > 0) {
    const rootLater = state.pending[0]?.place === undefined;
    await settlePending(state, state.pending);
    if (state.failure !== undefined) return { kind: 'off' };
    if (rootLater) value = state.root;
  }
  const findings = state.findings.length === 0 ? NO_FINDINGS : state.findings;
  const tooLarge = sizeIssue(value, decodedBytes, state.growth, state.limits);
  if (tooLarge !== undefined) return { kind: 'refused', issue: tooLarge, findings };
  const hidden = state.hidden.length === 0 ? NO_HIDDEN : state.hidden;
  return { kind: 'sanitized', value, findings, hidden };
}

// Stage 5, sanitize: each string through the purpose its contract gave it, into a fresh copy.
import type { CompiledPass } from '../../compile/compile-pass.js';
import { compiledPassOf } from '../../compile/compiled-tool.js';
import { settlePass } from '../../compile/run-pass.js';
import type { PurposeIndex } from '../../walk/purpose-index.js';
import { sanitizeValue } from '../../walk/sanitize-value.js';
import { next, stop, type CallFrame, type Stage, type StageResult } from '../stage.js';
import type { Bound } from './bind.js';

/**
 * A copy in which every string went through its purpose, with what knows each string's purpose: the walk's
 * index, or the compiled pass (whose projection knows them from the schema).
 */
export type Sanitized =
  | {
      readonly stage: 'sanitize';
      readonly value: unknown;
      readonly purposes: PurposeIndex;
      readonly pass?: never;
    }
  | {
      readonly stage: 'sanitize';
      readonly value: unknown;
      readonly pass: CompiledPass;
      readonly purposes?: never;
    };

/**
 * Sanitizes the bound value per field purpose; findings are reported whether it goes on or stops. A compiled
 * contract's pass already walked the value while validating it: here its purposes that answer later are
 * settled and the size is checked. Otherwise a long walk pauses between macrotasks so the event loop keeps
 * turning, and stops when the caller aborts.
 */
export const sanitizeStage: Stage<Bound, Sanitized> = async (bound, frame) => {
  const pass = compiledPassOf(frame.tool);
  if (bound.walked !== undefined && pass !== undefined) {
    const settled = await settlePass(bound.walked, bound.decodedBytes);
    if (settled.kind === 'refused') return stop(settled.issue, { findings: settled.findings });
    if (settled.kind === 'sanitized') {
      const report = { findings: settled.findings, hidden: settled.hidden };
      return next({ stage: 'sanitize', value: settled.value, pass }, report);
    }
  }
  return interpreted(bound, frame);
};

async function interpreted(bound: Bound, frame: CallFrame): Promise<StageResult<Sanitized>> {
  const { tool } = frame;
  const result = await sanitizeValue(
    bound.value,
    tool.contract.shape,
    bound.decodedBytes,
    tool.limits.output,
    tool.contract.names,
    { signal: frame.signal },
  );
  if (!result.ok) return stop(result.issue, { findings: result.findings });
  const report = { findings: result.findings, hidden: result.hidden };
  return next({ stage: 'sanitize', value: result.value, purposes: result.purposes }, report);
}

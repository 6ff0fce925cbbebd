// Runs a call through the stage table, timing each stage; an exception becomes an internal issue.
import type { Call, StageStep } from './call.js';
import { STAGE_TABLE } from './stage-table.js';
import type { StageName } from './stages.js';

/** The last step taken and how long each stage that ran took, in milliseconds. */
export interface StagesRun {
  readonly step: StageStep;
  readonly timings: Partial<Record<StageName, number>>;
}

/**
 * Walks the stages in order until one stops the call. Content never throws out of here: an exception is a
 * defect, reported as `internal.exception` at the stage where it happened.
 */
export async function runStages(call: Call, afterRead: () => void): Promise<StagesRun> {
  const timings: Partial<Record<StageName, number>> = {};
  for (const [name, stage] of STAGE_TABLE) {
    const started = performance.now();
    let step: StageStep;
    try {
      step = await stage(call);
    } catch {
      step = { ok: false, issue: { stage: name, code: 'internal.exception' }, retryable: false };
    }
    timings[name] = Math.round((performance.now() - started) * 1000) / 1000;
    if (name === 'read') afterRead();
    if (!step.ok) return { step, timings };
  }
  return { step: { ok: true }, timings };
}

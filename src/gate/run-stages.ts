// Runs a call through the stage table, timing each stage and gathering what each adds to the record.
import type { ClassifiedInput } from '../read/input.js';
import type { LocatedHiddenPayload } from '../walk/sanitize-value.js';
import type { Finding } from '../vocabulary/finding.js';
import type { StageName } from '../vocabulary/stages.js';
import type { CallFrame, Received, Stage, StageResult, StageStop } from './stage.js';
import { STAGE_TABLE, type GateResult } from './stage-table.js';
import { pauseIfSpent } from '../walk/pacing.js';

/** What the stages that ran established for the operator's record. */
export interface StagesReport {
  readonly received: Received | undefined;
  readonly decodedBytes: number | undefined;
  readonly findings: readonly Finding[];
  readonly hidden: readonly LocatedHiddenPayload[];
}

/** The last step taken, how long each stage that ran took (ms), and what they reported. */
export interface StagesRun {
  readonly step: StageStop | { readonly ok: true; readonly value: GateResult };
  readonly timings: Partial<Record<StageName, number>>;
  readonly report: StagesReport;
}

/**
 * Walks the stages in order until one stops the call, letting the event loop turn between two stages when the
 * current macrotask has had its share (an abort seen then ends the call as `internal.aborted`). `onReceived` is told the raw bytes as soon as the read
 * stage has them (evidence is stored while the other stages run). Content never throws out of here: an
 * exception is a defect, reported as `internal.exception` at the stage where it happened.
 */
export async function runStages(
  input: ClassifiedInput,
  frame: CallFrame,
  onReceived: (received: Received) => void,
): Promise<StagesRun> {
  const timings: Partial<Record<StageName, number>> = {};
  let received: Received | undefined;
  let decodedBytes: number | undefined;
  const findings: Finding[] = [];
  const hidden: LocatedHiddenPayload[] = [];
  const report = (): StagesReport => ({ received, decodedBytes, findings, hidden });
  let value: unknown = input;
  for (const [name, stage] of STAGE_TABLE) {
    // Between stages, a macrotask that has run long enough lets the event loop turn (a burst of calls too).
    // An abort seen before the read is left to the read, which reports it as its own (`read.aborted`).
    const pausing = pauseIfSpent(frame.signal);
    if (pausing !== undefined && !(await pausing) && name !== 'read') {
      const issue = { stage: name, code: 'internal.aborted' } as const;
      return { step: { ok: false, issue, retryable: true }, timings, report: report() };
    }
    const started = performance.now();
    let result: StageResult<unknown>;
    try {
      // A stage that finished synchronously is not awaited: that would only cost a microtask turn.
      const returned = (stage as Stage<unknown, unknown>)(value, frame);
      result = returned instanceof Promise ? await returned : returned;
    } catch {
      result = { ok: false, issue: { stage: name, code: 'internal.exception' }, retryable: false };
    }
    timings[name] = Math.round((performance.now() - started) * 1000) / 1000;
    const added = result.report;
    if (added?.received !== undefined) {
      received = added.received;
      onReceived(received);
    }
    decodedBytes = added?.decodedBytes ?? decodedBytes;
    if (added?.findings !== undefined) findings.push(...added.findings);
    if (added?.hidden !== undefined) hidden.push(...added.hidden);
    if (!result.ok) return { step: result, timings, report: report() };
    value = result.value;
  }
  return { step: { ok: true, value: value as GateResult }, timings, report: report() };
}

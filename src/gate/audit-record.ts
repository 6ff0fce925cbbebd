// Builds the operator's audit record of one call through the gate: codes, sizes, digest, timings; no payload.
import { createHash } from 'node:crypto';
import type { AuditRecord } from '../audit/record.js';
import { agentCodeFor } from '../vocabulary/codes.js';
import type { StagesRun } from './run-stages.js';
import type { CallFrame } from './stage.js';

/**
 * The record of a call that ended with `step` (the stages' last step, or the gate's own failure in its
 * place). `evidence` is set only for bytes the vault has stored; hidden text is revealed only when asked.
 */
export function auditRecord(
  frame: CallFrame,
  run: StagesRun,
  step: StagesRun['step'],
  evidence: string | undefined,
  revealHidden: boolean,
): AuditRecord {
  const { received, decodedBytes, findings, hidden } = run.report;
  const { tool, context } = frame;
  return {
    type: 'tool.result',
    time: new Date(frame.clock()).toISOString(),
    tool: tool.name,
    schemaVersion: tool.version,
    requestId: context.requestId,
    ...(context.tenant === undefined ? {} : { tenant: context.tenant }),
    outcome: step.ok ? 'accepted' : 'rejected',
    ...(step.ok ? {} : { code: agentCodeFor(step.issue.stage, step.issue.code), issue: step.issue }),
    rawBytes: received?.rawBytes ?? 0,
    ...(decodedBytes === undefined ? {} : { decodedBytes }),
    sha256: createHash('sha256')
      .update(received?.raw ?? new Uint8Array(0))
      .digest('hex'),
    ...(evidence === undefined ? {} : { evidence }),
    findings,
    ...(step.ok || step.issue.status === undefined ? {} : { status: step.issue.status }),
    timings: run.timings,
    ...(revealHidden && hidden.length > 0 ? { revealed: hidden } : {}),
  };
}

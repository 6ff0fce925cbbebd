// createGate: the gate every tool result passes through, ending each call as exactly one ToolOutcome.
import { createHash } from 'node:crypto';
import { recordMetrics } from '../audit/metrics.js';
import type { AuditRecord, AuditSink } from '../audit/record.js';
import { jsonLinesAuditSink } from '../audit/sinks.js';
import type { RequestContext } from '../bind/rules.js';
import type { RawInput } from '../read/input.js';
import type { CallFrame, Received, StageStop } from './stage.js';
import { agentCodeFor } from '../vocabulary/codes.js';
import type { ToolDefinition } from '../contract/define-tool.js';
import { NO_TENANT, type EvidenceWriter } from '../vocabulary/evidence-writer.js';
import type { ToolOutcome } from '../vocabulary/outcome.js';
import { runStages, type StagesRun } from './run-stages.js';

/** How a gate records what it sees. */
export interface GateOptions {
  /** Where audit records go; default: JSON lines on standard error. */
  readonly audit?: AuditSink;
  /** Where raw bytes of every response go (accepted or rejected); outcomes then carry the reference id. */
  readonly vault?: EvidenceWriter;
  /** With a vault: `required` (default) fails the call closed when evidence cannot be stored. */
  readonly evidence?: 'required' | 'best-effort';
  /** Milliseconds since the epoch; default `Date.now`. Used for freshness when the context states no time. */
  readonly clock?: () => number;
  /** Put text decoded from smuggling channels (tag characters …) into audit records. Default: digests only. */
  readonly revealHidden?: boolean;
}

/** Per-call options. */
export interface AcceptOptions {
  /** Aborts the read; an aborted read ends as a `timeout` failure. */
  readonly signal?: AbortSignal;
}

/** The gate between a tool's transport and everything downstream. */
export interface Gate {
  /**
   * Reads, parses, validates, binds, sanitizes and projects one raw tool result. Never throws on content:
   * every input, however broken, resolves to exactly one {@link ToolOutcome}.
   */
  accept<T>(
    tool: ToolDefinition<T>,
    raw: RawInput,
    context: RequestContext,
    options?: AcceptOptions,
  ): Promise<ToolOutcome<T>>;
}

/** Creates a gate. Options are fixed for its lifetime. */
export function createGate(options: GateOptions = {}): Gate {
  const audit = options.audit ?? jsonLinesAuditSink();
  const clock = options.clock ?? Date.now;
  const evidenceRequired = options.evidence !== 'best-effort';
  return Object.freeze({
    async accept<T>(
      tool: ToolDefinition<T>,
      raw: RawInput,
      context: RequestContext,
      accept: AcceptOptions = {},
    ) {
      const frame: CallFrame = { tool, context, signal: accept.signal, clock };
      let evidence: Promise<string | undefined> = Promise.resolve(undefined);
      const run = await runStages(raw, frame, (received) => {
        evidence = storeEvidence(options.vault, frame, received);
      });
      let step: Step = run.step;
      const reference = await evidence.catch(() => null);
      if (reference === null && evidenceRequired)
        step = internalFailure(step, 'internal.evidence_unavailable');
      const record = auditRecord(frame, run, step, reference ?? undefined, options.revealHidden === true);
      try {
        await audit.write(record);
        recordMetrics(record);
      } catch {
        step = internalFailure(step, 'internal.audit_unavailable');
      }
      return outcomeOf<T>(frame, run, step, reference ?? undefined);
    },
  });
}

/** How the call ended: the stages' last step, or an internal failure the gate put in its place. */
type Step = StagesRun['step'];

function storeEvidence(
  vault: EvidenceWriter | undefined,
  frame: CallFrame,
  received: Received,
): Promise<string | undefined> {
  if (vault === undefined) return Promise.resolve(undefined);
  const meta = {
    tool: frame.tool.name,
    schemaVersion: frame.tool.version,
    tenant: frame.context.tenant ?? NO_TENANT,
    requestId: frame.context.requestId,
  };
  try {
    return vault.put(received.raw, meta);
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error('evidence could not be stored'));
  }
}

function internalFailure(
  step: Step,
  code: 'internal.evidence_unavailable' | 'internal.audit_unavailable',
): StageStop {
  const stage = step.ok ? 'project' : step.issue.stage;
  return { ok: false, issue: { stage, code }, retryable: true };
}

function outcomeOf<T>(
  frame: CallFrame,
  run: StagesRun,
  step: Step,
  evidence: string | undefined,
): ToolOutcome<T> {
  const base = {
    tool: frame.tool.name,
    schemaVersion: frame.tool.version,
    requestId: frame.context.requestId,
    ...(evidence === undefined ? {} : { evidence }),
    findings: run.report.findings,
  };
  if (!step.ok) {
    const error = { code: agentCodeFor(step.issue.stage, step.issue.code), retryable: step.retryable };
    const meta = step.upstreamCode === undefined ? base : { ...base, upstreamCode: step.upstreamCode };
    return { ok: false, error, meta };
  }
  return { ok: true, data: step.value.data as T, meta: { ...base, purposes: step.value.purposes } };
}

function auditRecord(
  frame: CallFrame,
  run: StagesRun,
  step: Step,
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

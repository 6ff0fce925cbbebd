// createGate: the gate every tool result passes through, ending each call as exactly one ToolOutcome.
import { createHash } from 'node:crypto';
import { recordMetrics } from '../audit/metrics.js';
import type { AuditRecord, AuditSink } from '../audit/record.js';
import { jsonLinesAuditSink } from '../audit/sinks.js';
import type { RequestContext } from '../bind/rules.js';
import type { RawInput } from '../read/input.js';
import type { Call, StageStep } from './call.js';
import { agentCodeFor } from './codes.js';
import type { ToolDefinition } from './define-tool.js';
import { NO_TENANT, type EvidenceWriter } from './evidence-writer.js';
import type { ToolOutcome } from './outcome.js';
import { runStages } from './run-stages.js';

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
      const call: Call = {
        tool,
        context,
        input: raw,
        signal: accept.signal,
        clock,
        findings: [],
        hidden: [],
      };
      let evidence: Promise<string | undefined> = Promise.resolve(undefined);
      const run = await runStages(call, () => {
        evidence = storeEvidence(options.vault, call);
      });
      let step = run.step;
      const reference = await evidence.catch(() => null);
      if (reference === null && evidenceRequired)
        step = internalFailure(step, 'internal.evidence_unavailable');
      const record = auditRecord(
        call,
        step,
        run.timings,
        reference ?? undefined,
        options.revealHidden === true,
      );
      try {
        await audit.write(record);
        recordMetrics(record);
      } catch {
        step = internalFailure(step, 'internal.audit_unavailable');
      }
      return outcomeOf<T>(call, step, reference ?? undefined);
    },
  });
}

function storeEvidence(vault: EvidenceWriter | undefined, call: Call): Promise<string | undefined> {
  if (vault === undefined || call.received === undefined) return Promise.resolve(undefined);
  const meta = {
    tool: call.tool.name,
    schemaVersion: call.tool.version,
    tenant: call.context.tenant ?? NO_TENANT,
    requestId: call.context.requestId,
  };
  try {
    return vault.put(call.received.raw, meta);
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error('evidence could not be stored'));
  }
}

function internalFailure(
  step: StageStep,
  code: 'internal.evidence_unavailable' | 'internal.audit_unavailable',
): StageStep {
  const stage = step.ok ? 'project' : step.issue.stage;
  return { ok: false, issue: { stage, code }, retryable: true };
}

function outcomeOf<T>(call: Call, step: StageStep, evidence: string | undefined): ToolOutcome<T> {
  const base = {
    tool: call.tool.name,
    schemaVersion: call.tool.version,
    requestId: call.context.requestId,
    ...(evidence === undefined ? {} : { evidence }),
    findings: call.findings,
  };
  if (!step.ok) {
    const error = { code: agentCodeFor(step.issue.stage, step.issue.code), retryable: step.retryable };
    const meta = step.upstreamCode === undefined ? base : { ...base, upstreamCode: step.upstreamCode };
    return { ok: false, error, meta };
  }
  const projected = call.projected ?? { value: undefined, purposes: {} };
  return { ok: true, data: projected.value as T, meta: { ...base, purposes: projected.purposes } };
}

function auditRecord(
  call: Call,
  step: StageStep,
  timings: AuditRecord['timings'],
  evidence: string | undefined,
  revealHidden: boolean,
): AuditRecord {
  const raw = call.received?.raw ?? new Uint8Array(0);
  return {
    type: 'tool.result',
    time: new Date(call.clock()).toISOString(),
    tool: call.tool.name,
    schemaVersion: call.tool.version,
    requestId: call.context.requestId,
    ...(call.context.tenant === undefined ? {} : { tenant: call.context.tenant }),
    outcome: step.ok ? 'accepted' : 'rejected',
    ...(step.ok ? {} : { code: agentCodeFor(step.issue.stage, step.issue.code), issue: step.issue }),
    rawBytes: call.received?.rawBytes ?? 0,
    ...(call.read === undefined ? {} : { decodedBytes: call.read.decodedBytes }),
    sha256: createHash('sha256').update(raw).digest('hex'),
    ...(evidence === undefined ? {} : { evidence }),
    findings: call.findings,
    ...(step.ok || step.issue.status === undefined ? {} : { status: step.issue.status }),
    timings,
    ...(revealHidden && call.hidden.length > 0 ? { revealed: call.hidden } : {}),
  };
}

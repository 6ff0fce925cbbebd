// createGate: the gate every tool result passes through, ending each call as exactly one ToolOutcome.
import { recordMetrics } from '../audit/metrics.js';
import type { AuditSink } from '../audit/record.js';
import { jsonLinesAuditSink } from '../audit/sinks.js';
import type { RequestContext } from '../bind/rules.js';
import { holdInput } from '../read/hold.js';
import type { RawInput } from '../read/input.js';
import type { CallFrame } from './stage.js';
import { agentCodeFor } from '../vocabulary/codes.js';
import type { ToolDefinition } from '../contract/define-tool.js';
import type { EvidenceWriter } from '../vocabulary/evidence-writer.js';
import type { ToolOutcome } from '../vocabulary/outcome.js';
import { assertTimeoutMs, DEFAULT_IO_TIMEOUT_MS } from '../vocabulary/settle-within.js';
import { auditRecord } from './audit-record.js';
import { withPurposes } from '../project/purpose-record.js';
import { awaitEvidence, internalFailure, startEvidence, writeAudit } from './gate-io.js';
import { assertCallArguments, assertGateOptions } from './gate-arguments.js';
import { runStages, type StagesRun } from './run-stages.js';

/** How a gate records what it sees. */
export interface GateOptions {
  /** Where audit records go; default: JSON lines on standard error. */
  readonly audit?: AuditSink;
  /** Where raw bytes of every response go (accepted or rejected); outcomes then carry the reference id. */
  readonly vault?: EvidenceWriter;
  /** With a vault: `required` (default) fails the call closed when evidence cannot be stored. */
  readonly evidence?: 'required' | 'best-effort';
  /**
   * How long the gate waits for each of its own I/O steps — the evidence put (key lookup and store write
   * included) and the audit write — in milliseconds; default 2000. The put starts as soon as the bytes are
   * read; its deadline counts from when the other stages are done. A step that misses it fails the call
   * closed (`internal.evidence_timeout`, `internal.audit_timeout`), retryable.
   */
  readonly ioTimeoutMs?: number;
  /** Milliseconds since the epoch; default `Date.now`. Used for freshness when the context states no time. */
  readonly clock?: () => number;
  /** Put text decoded from smuggling channels (tag characters …) into audit records. Default: digests only. */
  readonly revealHidden?: boolean;
}

/** Per-call options. */
export interface AcceptOptions {
  /**
   * Aborts the call: the read, and the gate's wait for the evidence put and the audit write. An aborted call
   * ends at once as a `timeout` failure (`read.aborted` or `internal.aborted`).
   */
  readonly signal?: AbortSignal;
}

/** The gate between a tool's transport and everything downstream. */
export interface Gate {
  /**
   * Reads, parses, validates, binds, sanitizes and projects one raw tool result. Never throws on content:
   * every input, however broken, resolves to exactly one {@link ToolOutcome}. The caller's own arguments are
   * configuration: a `tool` that is not a definition, or a `context` without a non-empty string `requestId`,
   * rejects with a TypeError saying so.
   */
  accept<T>(
    tool: ToolDefinition<T>,
    raw: RawInput,
    context: RequestContext,
    options?: AcceptOptions,
  ): Promise<ToolOutcome<T>>;
}

/**
 * Creates a gate. Options are fixed for its lifetime; a malformed option (an `audit` without `write`, a `vault`
 * without `put`, a bad `ioTimeoutMs` …) throws a TypeError saying what the option takes.
 */
export function createGate(options: GateOptions = {}): Gate {
  assertGateOptions(options);
  const audit = options.audit ?? jsonLinesAuditSink();
  const clock = options.clock ?? Date.now;
  const evidenceRequired = options.evidence !== 'best-effort';
  const timeoutMs = options.ioTimeoutMs ?? DEFAULT_IO_TIMEOUT_MS;
  assertTimeoutMs('ioTimeoutMs', timeoutMs);
  return Object.freeze({
    async accept<T>(
      tool: ToolDefinition<T>,
      raw: RawInput,
      context: RequestContext,
      accept: AcceptOptions = {},
    ) {
      assertCallArguments(tool, raw, context); // the caller's configuration: a TypeError, the input let go
      // Taken in charge before anything else, and before the first pause: a stream failing from here on is
      // this call's outcome, never an unhandled 'error' event.
      const held = holdInput(raw);
      const { signal } = accept;
      const bounds = { timeoutMs, signal };
      const frame: CallFrame = { tool, context, signal, clock };
      let pending: Promise<unknown> | undefined;
      let run: StagesRun;
      try {
        run = await runStages(held.input, frame, (received) => {
          if (options.vault !== undefined && signal?.aborted !== true)
            pending = startEvidence(options.vault, frame, received);
        });
      } finally {
        held.release();
      }
      const stored = await awaitEvidence(pending, bounds);
      let step = run.step;
      if (stored.kind === 'failed' && stored.code !== 'internal.aborted' && evidenceRequired)
        step = internalFailure(step, stored.code);
      // A caller that aborted gets `timeout` whatever else happened; an aborted read already says so itself.
      if (signal?.aborted === true && !isAbortedRead(step)) step = internalFailure(step, 'internal.aborted');
      const reference = stored.kind === 'stored' ? stored.ref : undefined;
      const record = auditRecord(frame, run, step, reference, options.revealHidden === true);
      const failed = await writeAudit(audit, record, bounds);
      if (failed === undefined) {
        recordMetrics(record);
        return outcomeOf<T>(frame, run, step, reference);
      }
      const closed = internalFailure(step, failed);
      recordMetrics({ ...record, outcome: 'rejected', issue: closed.issue });
      return outcomeOf<T>(frame, run, closed, reference);
    },
  });
}

/** How the call ended: the stages' last step, or an internal failure the gate put in its place. */
type Step = StagesRun['step'];

/** True when the read itself already ended the call because the caller aborted it. */
function isAbortedRead(step: Step): boolean {
  return !step.ok && step.issue.code === 'read.aborted';
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
  const data = step.value.data as T; // text and html already untrusted: the project stage placed them so
  return { ok: true, data, meta: withPurposes(base, step.value.purposes) };
}

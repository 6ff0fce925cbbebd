// One adapted tool call: the trusted context, the tool run under a deadline and the caller's signal, the gate.
import type { RequestContext } from '../bind/rules.js';
import { failedTransportInput, pendingInput } from '../calls/transport-failure.js';
import type { ToolDefinition } from '../contract/define-tool.js';
import type { Gate } from '../gate/create-gate.js';
import { discardInput } from '../read/hold.js';
import type { RawInput } from '../read/input.js';
import type { AgentCode } from '../vocabulary/codes.js';
import type { ToolFailure, ToolOutcome } from '../vocabulary/outcome.js';
import { DEFAULT_IO_TIMEOUT_MS, settleWithin, type Settled } from '../vocabulary/settle-within.js';
import { toGateInput } from './gate-input.js';
import { newRequestId } from './request-id.js';

/** The trusted request facts an application gives for a call; the adapter adds the request id itself. */
export type CallContext = Omit<RequestContext, 'requestId'>;

/** How long a wrapped tool may take, from its start to the end of reading its result, when not told: 30 s. */
export const DEFAULT_TOOL_TIMEOUT_MS = 30_000;

/** One call, as an adapter describes it. */
export interface GatedCall<T> {
  readonly gate: Gate;
  readonly contract: ToolDefinition<T>;
  /** The trusted context of this call (application code, given at most 2 s). */
  readonly context: () => CallContext | PromiseLike<CallContext>;
  /** Runs the tool with the fresh request id and the signal it must honour; returns what the tool returned. */
  readonly run: (requestId: string, signal: AbortSignal) => unknown;
  /** The caller's signal (the agent loop's abort). */
  readonly signal: AbortSignal | undefined;
  /** The deadline of the whole call: the tool's run and the gate's read of what it returned. */
  readonly timeoutMs: number;
}

/**
 * Runs one call and ends it as exactly one outcome; never throws. The adapter creates the request id; the
 * context comes from the application; the tool runs under a signal that fires when the caller aborts or the
 * deadline passes, and the gate reads its result under the same signal. A tool that throws is a retryable
 * `upstream_error`, one that misses the deadline a `timeout`, both through the gate (audited, with evidence).
 * A context that throws or does not answer ends the call before the tool runs, as `internal_error`.
 */
export async function gatedCall<T>(call: GatedCall<T>): Promise<ToolOutcome<T>> {
  const requestId = newRequestId();
  const trusted = await settleWithin(call.context, {
    timeoutMs: DEFAULT_IO_TIMEOUT_MS,
    signal: call.signal,
  });
  if (trusted.kind !== 'value') return notRun(call.contract, requestId, trusted.kind);
  const deadline = AbortSignal.timeout(call.timeoutMs);
  const signal = call.signal === undefined ? deadline : AbortSignal.any([call.signal, deadline]);
  // A result that comes after the deadline is let go of (a stream nobody reads must not fail unheard); one
  // in time reaches `accept`, which takes charge of it, within the same run of microtasks.
  const ran = await settleWithin(() => call.run(requestId, signal), {
    timeoutMs: call.timeoutMs,
    signal,
    onLate: (late) => {
      discardInput(toGateInput(late));
    },
  });
  const context: RequestContext = { ...trusted.value, requestId };
  return call.gate.accept(call.contract, rawInput(ran), context, { signal });
}

/** What the gate reads for each way the tool's run ended. */
function rawInput(ran: Settled<unknown>): RawInput {
  switch (ran.kind) {
    case 'value':
      return toGateInput(ran.value);
    case 'error':
      return failedTransportInput();
    case 'timeout':
      return { body: new Uint8Array(0), timedOut: true };
    case 'aborted':
      return pendingInput();
  }
}

/** A call that ended before the tool ran, because the application's context did not come. */
function notRun(
  contract: ToolDefinition<unknown>,
  requestId: string,
  kind: Exclude<Settled<unknown>['kind'], 'value'>,
): ToolFailure {
  const code: AgentCode = kind === 'aborted' ? 'timeout' : 'internal_error';
  return {
    ok: false,
    error: { code, retryable: kind !== 'error' },
    meta: { tool: contract.name, schemaVersion: contract.version, requestId, findings: [] },
  };
}

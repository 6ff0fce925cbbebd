// callWithRetries: bounded retries outside the model — same canonical request each time, whole gate each time.
import { setTimeout as sleep } from 'node:timers/promises';
import type { RequestContext } from '../bind/rules.js';
import type { AgentCode } from '../vocabulary/codes.js';
import { AGENT_CODES } from '../vocabulary/codes.js';
import type { Gate } from '../gate/create-gate.js';
import type { ToolDefinition } from '../contract/define-tool.js';
import type { ToolOutcome } from '../vocabulary/outcome.js';
import type { JsonValue } from '../json/types.js';
import { discardInput } from '../read/hold.js';
import type { RawInput } from '../read/input.js';
import { untilAborted } from '../vocabulary/settle-within.js';
import { failedTransportInput, pendingInput } from './transport-failure.js';

/** How many times, for how long, and on which failures a call is tried again. */
export interface RetryPolicy {
  /** Most attempts, the first included (1–10). */
  readonly maxAttempts: number;
  /** Total time for every attempt and pause together, in milliseconds. */
  readonly budgetMs: number;
  /** Agent codes worth another attempt; a failure must also say `retryable: true`. */
  readonly retryOn: readonly AgentCode[];
  /** First pause in milliseconds; each later pause may double, up to `maxDelayMs` (full jitter). */
  readonly initialDelayMs: number;
  readonly maxDelayMs: number;
}

/** The defaults: 3 attempts in 10 s, on timeouts and upstream failures, pauses from 100 ms up to 2 s. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = Object.freeze({
  maxAttempts: 3,
  budgetMs: 10_000,
  retryOn: Object.freeze(['timeout', 'upstream_error'] as AgentCode[]),
  initialDelayMs: 100,
  maxDelayMs: 2_000,
});

/** A request in its one normalized form: what every attempt sends, unchanged. */
export interface NormalizedRequest {
  readonly tool: string;
  /** Deeply frozen canonical JSON arguments. */
  readonly arguments: JsonValue;
  /** The RFC 8785 canonical text of the arguments. */
  readonly canonical: string;
}

/** One retried call: what to send and how its replies are judged. */
export interface RetriedCall<T> {
  readonly gate: Gate;
  readonly tool: ToolDefinition<T>;
  readonly context: RequestContext;
  readonly request: NormalizedRequest;
  /** Sends the request once; the signal fires when the budget runs out. A throw counts as a transport failure. */
  readonly send: (request: NormalizedRequest, signal: AbortSignal) => Promise<RawInput>;
}

/** The final outcome and how many attempts it took. */
export interface RetriedOutcome<T> {
  readonly outcome: ToolOutcome<T>;
  readonly attempts: number;
}

/** A policy from the defaults and some fields; throws a TypeError on a value out of range. */
export function defineRetryPolicy(fields: Partial<RetryPolicy> = {}): RetryPolicy {
  const policy = { ...DEFAULT_RETRY_POLICY, ...fields };
  const whole = (value: number, min: number, max: number, name: string) => {
    if (!Number.isSafeInteger(value) || value < min || value > max)
      throw new TypeError(`${name} must be ${min}–${max}.`);
  };
  whole(policy.maxAttempts, 1, 10, 'maxAttempts');
  whole(policy.budgetMs, 1, 2_147_483_647, 'budgetMs');
  whole(policy.initialDelayMs, 0, policy.budgetMs, 'initialDelayMs');
  whole(policy.maxDelayMs, policy.initialDelayMs, policy.budgetMs, 'maxDelayMs');
  if (!policy.retryOn.every((code) => (AGENT_CODES as readonly string[]).includes(code))) {
    throw new TypeError('retryOn must list agent codes.');
  }
  return Object.freeze({ ...policy, retryOn: Object.freeze([...policy.retryOn]) });
}

/**
 * Calls a tool until an outcome is final. Another attempt is made only when the failure says `retryable`, its
 * code is in `retryOn`, attempts remain, and the budget still allows the pause. Every attempt sends the very
 * same normalized request object, and every reply passes the whole gate again (an earlier success is never
 * reused). When the budget runs out mid-attempt, the attempt ends as `timeout`.
 */
export async function callWithRetries<T>(
  call: RetriedCall<T>,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
  clock: () => number = Date.now,
): Promise<RetriedOutcome<T>> {
  const deadline = clock() + policy.budgetMs;
  const budget = AbortSignal.timeout(policy.budgetMs);
  for (let attempt = 1; ; attempt++) {
    const outcome = await attemptOnce(call, budget);
    const retry =
      !outcome.ok &&
      outcome.error.retryable &&
      policy.retryOn.includes(outcome.error.code) &&
      attempt < policy.maxAttempts;
    if (!retry) return { outcome, attempts: attempt };
    const ceiling = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** (attempt - 1));
    const pause = Math.floor(Math.random() * (ceiling + 1));
    if (clock() + pause >= deadline) return { outcome, attempts: attempt };
    if (pause > 0) await sleep(pause);
  }
}

async function attemptOnce<T>(call: RetriedCall<T>, budget: AbortSignal): Promise<ToolOutcome<T>> {
  let raw: RawInput;
  try {
    raw = await untilAborted(() => call.send(call.request, budget), budget, discardInput);
  } catch {
    raw = budget.aborted ? pendingInput() : failedTransportInput();
  }
  return call.gate.accept(call.tool, raw, call.context, { signal: budget });
}

// authorize: decide, ask a person when the decision says ask, audit the final decision, and only then let a call run.
import type { JsonValue } from '../json/types.js';
import {
  assertTimeoutMs,
  DEFAULT_IO_TIMEOUT_MS,
  settleOrHandOff,
  untilAborted,
  type WaitBounds,
} from '../vocabulary/settle-within.js';
import { evaluateCall, type EvaluatedCall, type ToolCallProposal } from './decide.js';
import type { DecisionDocument } from './decision.js';
import { applyDecisionRule } from './decision-rule.js';
import { decisionAuditRecord, type Confirmation, type DecisionAuditSink } from './decision-audit.js';
import { statusOrClosed, type ToolRegistry, type ToolStatus } from './registry.js';
import type { Session } from './session.js';

/** What a person is shown before answering an `ask`. */
export interface ConfirmRequest {
  readonly session: string;
  readonly tool: string;
  /** The exact arguments the tool would receive (canonical JSON), for the person's eyes only. */
  readonly arguments: JsonValue;
  readonly decision: DecisionDocument;
}

/** Puts an `ask` to a person. Only `true` approves; anything else, a throw or no answer in time refuses. */
export type ConfirmHook = (request: ConfirmRequest, signal: AbortSignal) => boolean | Promise<boolean>;

/** How decisions are taken and recorded. */
export interface AuthorizeOptions {
  /** Where every final decision is recorded; a decision that cannot be recorded is `deny`. */
  readonly audit: DecisionAuditSink;
  /** The person to ask; without one, every `ask` is `deny` (`confirm_failed`). */
  readonly confirm?: ConfirmHook;
  /** How long a person has to answer, in milliseconds (default five minutes). */
  readonly confirmTimeoutMs?: number;
  /**
   * How long to wait for the registry's status and for the audit write, each, in milliseconds (default
   * 2000). A registry that does not answer in time counts as unreadable (`deny`, `tool_quarantined`); an
   * audit write that does not finish in time makes the decision `deny` (`audit_unavailable`).
   */
  readonly ioTimeoutMs?: number;
  /**
   * The caller's signal: when it fires, nothing more is waited for and the decision is `deny` (a registry
   * read or confirmation cut short as above; otherwise `audit_unavailable`, the record still handed on).
   */
  readonly signal?: AbortSignal;
  /** The tool registry: a tool whose current definition is not approved is `deny` (`tool_quarantined`). */
  readonly registry?: ToolRegistry;
  /** Milliseconds since the epoch; default `Date.now`. */
  readonly clock?: () => number;
}

/** The final decision, with the arguments to send when it is `allow`. */
export interface Authorization {
  readonly document: DecisionDocument;
  readonly evaluated: EvaluatedCall;
  /** The registry's view of the tool, when a registry was consulted. */
  readonly status?: ToolStatus;
}

const DEFAULT_CONFIRM_TIMEOUT_MS = 5 * 60_000;

/**
 * Takes the permission decision for a proposed call and makes it final. An `ask` goes to the confirm hook:
 * `true` makes it `allow` (`confirmed`) — still only for valid arguments and an allowed tool — and a refusal,
 * an error or a timeout makes it `deny` (`refused`, `confirm_failed`). The final decision is written to the
 * audit sink before this resolves; if that fails the decision is `deny` (`audit_unavailable`). Every wait —
 * registry, person, audit sink — has a deadline and ends when the caller's signal fires, so this always
 * resolves, within `ioTimeoutMs` per I/O step (and `confirmTimeoutMs` for a person). Never throws on a
 * call; a malformed `ioTimeoutMs` rejects with a TypeError (configuration).
 */
export async function authorize(
  call: ToolCallProposal,
  session: Session,
  options: AuthorizeOptions,
  requestId?: string,
): Promise<Authorization> {
  const clock = options.clock ?? Date.now;
  const timeoutMs = options.ioTimeoutMs ?? DEFAULT_IO_TIMEOUT_MS;
  assertTimeoutMs('ioTimeoutMs', timeoutMs);
  const bounds: WaitBounds = { timeoutMs, signal: options.signal };
  const name = typeof call.tool === 'string' ? call.tool : '';
  const status =
    options.registry === undefined ? undefined : await statusOrClosed(options.registry, name, bounds);
  const evaluated = evaluateCall(call, session, { approved: status?.approved !== false });
  let document = evaluated.document;
  let confirmation: Confirmation | undefined;
  if (document.decision === 'ask') {
    confirmation = await askPerson(evaluated, session, options);
    document =
      confirmation === 'approved'
        ? applyDecisionRule(
            { ...document, decision: 'allow', reason: 'confirmed' },
            { ...evaluated.facts, confirmed: true },
          )
        : {
            ...document,
            decision: 'deny',
            reason: confirmation === 'refused' ? 'refused' : 'confirm_failed',
          };
  }
  if (options.signal?.aborted === true && document.decision !== 'deny')
    document = { ...document, decision: 'deny', reason: 'audit_unavailable' };
  const record = decisionAuditRecord(evaluated, document, {
    session: session.id,
    time: clock(),
    ...(requestId === undefined ? {} : { requestId }),
    ...(confirmation === undefined ? {} : { confirmation }),
    ...(status === undefined ? {} : { toolState: status.state }),
  });
  // A caller that has aborted is not kept waiting; the record (of a deny, by now) is still handed to the sink.
  const written = await settleOrHandOff(() => options.audit.write(record), bounds);
  const denyStands = written.kind === 'aborted' && document.decision === 'deny';
  if (written.kind !== 'value' && !denyStands)
    document = { ...document, decision: 'deny', reason: 'audit_unavailable' };
  return { document, evaluated, ...(status === undefined ? {} : { status }) };
}

async function askPerson(
  evaluated: EvaluatedCall,
  session: Session,
  options: AuthorizeOptions,
): Promise<Confirmation> {
  const { confirm } = options;
  const args = evaluated.arguments;
  if (confirm === undefined || !args.ok) return 'failed';
  const deadline = AbortSignal.timeout(options.confirmTimeoutMs ?? DEFAULT_CONFIRM_TIMEOUT_MS);
  const timeout = options.signal === undefined ? deadline : AbortSignal.any([deadline, options.signal]);
  const request: ConfirmRequest = {
    session: session.id,
    tool: evaluated.document.tool,
    arguments: args.value,
    decision: evaluated.document,
  };
  try {
    const answer: unknown = await untilAborted(() => confirm(request, timeout), timeout);
    return answer === true ? 'approved' : 'refused';
  } catch {
    return 'failed';
  }
}

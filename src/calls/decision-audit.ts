// The operator's record of one permission decision: names, capabilities, verdict, reason and digests, never argument values.
import type { EvaluatedCall } from './decide.js';
import type { DecisionDocument } from './decision.js';
import type { Decision, DecisionReason } from './decision-schema.js';
import type { ToolState } from './tool-state.js';

/** How a person's confirmation went, when the decision asked for one. */
export type Confirmation = 'approved' | 'refused' | 'failed';

/** One record per decision. Holds no argument value: only their canonical digest and redacted locations. */
export interface DecisionAuditRecord {
  readonly type: 'tool.decision';
  /** When the decision was final (RFC 3339). */
  readonly time: string;
  readonly session: string;
  /** The request id of the call, when the caller gave one. */
  readonly requestId?: string;
  /** The catalogue name, or `#` and 16 hex digits for an unknown name. */
  readonly tool: string;
  readonly decision: Decision;
  readonly reason: DecisionReason;
  readonly argumentsValid: boolean;
  readonly toolAllowed: boolean;
  readonly grant: readonly string[];
  readonly required: readonly string[];
  readonly tainted: boolean;
  /** Redacted pointers of `Untrusted<T>` values in the arguments (at most 16). */
  readonly untrusted: readonly string[];
  /** Redacted pointers of argument strings repeating recent untrusted output (at most 16). */
  readonly repeated: readonly string[];
  /** SHA-256 of the arguments' RFC 8785 canonical text, when they are JSON. */
  readonly argumentsSha256?: string;
  /** Why the arguments are not JSON, when they are not. */
  readonly argumentsCode?: string;
  /** The confirm hook's answer, when the first decision was `ask`. */
  readonly confirmation?: Confirmation;
  /** The tool's run-time state in the registry, when one was consulted. */
  readonly toolState?: ToolState;
}

/** Where decision records go. The decision does not stand until `write` resolves. */
export interface DecisionAuditSink {
  write(record: DecisionAuditRecord): void | Promise<void>;
}

/** Most pointers a record lists. */
const MAX_POINTERS = 16;

/** What the caller knows beyond the evaluation. */
export interface DecisionAuditContext {
  readonly session: string;
  readonly time: number;
  readonly requestId?: string;
  readonly confirmation?: Confirmation;
  readonly toolState?: ToolState;
}

/** Builds the record of a final decision. */
export function decisionAuditRecord(
  evaluated: EvaluatedCall,
  final: DecisionDocument,
  context: DecisionAuditContext,
): DecisionAuditRecord {
  const args = evaluated.arguments;
  return {
    type: 'tool.decision',
    time: new Date(context.time).toISOString(),
    session: context.session,
    ...(context.requestId === undefined ? {} : { requestId: context.requestId }),
    tool: final.tool,
    decision: final.decision,
    reason: final.reason,
    argumentsValid: final.argumentsValid,
    toolAllowed: final.toolAllowed,
    grant: final.grant,
    required: final.required ?? [],
    tainted: final.tainted === true,
    untrusted: args.ok ? args.untrusted.slice(0, MAX_POINTERS) : [],
    repeated: evaluated.matches.slice(0, MAX_POINTERS),
    ...(args.ok ? { argumentsSha256: args.sha256 } : { argumentsCode: args.code }),
    ...(context.confirmation === undefined ? {} : { confirmation: context.confirmation }),
    ...(context.toolState === undefined ? {} : { toolState: context.toolState }),
  };
}

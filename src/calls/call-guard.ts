// createCallGuard: one proposed call from decision to outcome — authorize, respect the tool's state, execute, gate.
import type { RequestContext } from '../bind/rules.js';
import type { Gate } from '../gate/create-gate.js';
import type { ToolDefinition } from '../contract/define-tool.js';
import type { ToolOutcome } from '../vocabulary/outcome.js';
import type { JsonValue } from '../json/types.js';
import type { RawInput } from '../read/input.js';
import { authorize, type AuthorizeOptions } from './authorize.js';
import type { ToolCallProposal } from './decide.js';
import type { DecisionDocument } from './decision.js';
import { projectMetadataOnly } from './metadata-only.js';
import { callWithRetries, DEFAULT_RETRY_POLICY, type RetryPolicy } from './retries.js';
import type { Session } from './session.js';
import { DEFAULT_STATE } from './tool-state.js';
import { unavailableOutcome } from './unavailable.js';

/** How one tool runs and what its results must be. */
export interface ToolBinding {
  /** The result contract every reply passes through the gate. */
  readonly result: ToolDefinition<unknown>;
  /** Runs the tool with the canonical arguments; the signal fires when the retry budget runs out. */
  readonly execute: (args: JsonValue, signal: AbortSignal) => Promise<RawInput>;
}

/** Options of {@link createCallGuard}. */
export interface CallGuardOptions extends AuthorizeOptions {
  readonly gate: Gate;
  /** The executable tools by catalogue name. A tool allowed but not bound here ends as `tool_unavailable`. */
  readonly tools: Readonly<Record<string, ToolBinding>>;
  readonly retry?: RetryPolicy;
}

/** A call that did not run, or the outcome of one that did (or that its state kept from running). */
export type GuardedCallResult =
  | { readonly status: 'denied'; readonly decision: DecisionDocument }
  | {
      readonly status: 'completed';
      readonly decision: DecisionDocument;
      readonly outcome: ToolOutcome<unknown>;
      /** `metadata-only` when the tool's state cut the outcome down to identifiers and status. */
      readonly projection: 'complete' | 'metadata-only';
      readonly attempts: number;
    };

/** The guard every proposed call goes through. */
export interface CallGuard {
  call(proposal: ToolCallProposal, session: Session, context: RequestContext): Promise<GuardedCallResult>;
}

/**
 * Creates a guard. For each proposal: the permission decision is taken and audited (`authorize`); nothing
 * runs unless it is `allow`. An `offline` tool is not run and ends as `tool_unavailable`. Otherwise the tool
 * runs under the retry policy with the canonical arguments, every reply passes the whole gate, a
 * `metadata-only` tool's outcome is cut down to identifiers and status, and the prose the agent will see is
 * remembered by the session, so arguments copied from it later are caught.
 */
export function createCallGuard(options: CallGuardOptions): CallGuard {
  const bindings = Object.assign(Object.create(null) as Record<string, ToolBinding>, options.tools);
  const retry = options.retry ?? DEFAULT_RETRY_POLICY;
  return Object.freeze({
    async call(
      proposal: ToolCallProposal,
      session: Session,
      context: RequestContext,
    ): Promise<GuardedCallResult> {
      const authorization = await authorize(proposal, session, options, context.requestId);
      const decision = authorization.document;
      const args = authorization.evaluated.arguments;
      if (decision.decision !== 'allow' || !args.ok) return { status: 'denied', decision };
      const binding = bindings[decision.tool];
      const state = authorization.status?.state ?? DEFAULT_STATE;
      if (binding === undefined || state === 'offline') {
        const outcome = unavailableOutcome(
          decision.tool,
          binding?.result.version ?? 'unbound',
          context.requestId,
        );
        return { status: 'completed', decision, outcome, projection: 'complete', attempts: 0 };
      }
      const request = { tool: decision.tool, arguments: args.value, canonical: args.canonical };
      const { outcome, attempts } = await callWithRetries(
        {
          gate: options.gate,
          tool: binding.result,
          context,
          request,
          send: (sent, signal) => binding.execute(sent.arguments, signal),
        },
        retry,
        options.clock,
      );
      const projection = state === 'metadata-only' ? 'metadata-only' : 'complete';
      const seen = projection === 'metadata-only' ? projectMetadataOnly(outcome) : outcome;
      session.memory.rememberOutcome(seen);
      return { status: 'completed', decision, outcome: seen, projection, attempts };
    },
  });
}

// The application rule a decision schema cannot express: allow only with valid arguments, an allowed tool and the grant.
import type { DecisionDocument } from './decision.js';
import type { DecisionReason } from './decision-schema.js';
import type { CompiledToolPermission, ToolEffect } from './permissions.js';
import type { MissingGrantPolicy, Session } from './session.js';

/** The trusted facts the rule is applied with; none of them comes from the document itself. */
export interface RuleFacts {
  /** The capabilities the catalogue says the tool needs. */
  readonly required: readonly string[];
  /** What the catalogue says the tool does. */
  readonly effect: ToolEffect;
  /** What a call the grant does not cover becomes. */
  readonly onMissingGrant: MissingGrantPolicy;
  /** A person approved this very call through the confirm hook (set by `authorize` alone). */
  readonly confirmed: boolean;
}

/** A reviewed document: the rule applied, and whether that changed it. */
export type ReviewedDecision =
  | { readonly ok: true; readonly document: DecisionDocument; readonly changed: boolean }
  | { readonly ok: false; readonly code: `decision.${string}`; readonly pointer: string };

/**
 * Why the document may not be `allow`, or undefined when it may. In order: a tool that is not allowed and
 * invalid arguments (always deny), then a grant that misses a required capability, then untrusted values in
 * the arguments of a `write` or `network` tool. The last two are lifted by a person's confirmation only.
 */
export function blockingReason(document: DecisionDocument, facts: RuleFacts): DecisionReason | undefined {
  if (!document.toolAllowed)
    return document.reason === 'tool_quarantined' || document.reason === 'tool_offline'
      ? document.reason
      : 'tool_not_allowlisted';
  if (!document.argumentsValid) return 'arguments_invalid';
  if (facts.confirmed) return undefined;
  const required = new Set([...facts.required, ...(document.required ?? [])]);
  if ([...required].some((capability) => !document.grant.includes(capability))) return 'grant_missing';
  if (document.tainted === true && facts.effect !== 'read') return 'untrusted_arguments';
  return undefined;
}

/**
 * Enforces the rule on a document that already passed its schema. An `allow` the rule does not support
 * becomes `deny` (tool not allowed, arguments invalid, or a short grant under the `deny` policy) or `ask`
 * (a short grant under the `ask` policy, or tainted arguments); an `ask` with a tool not allowed or invalid
 * arguments becomes `deny`. `required` is stated in full. A `deny` always stands.
 */
export function applyDecisionRule(document: DecisionDocument, facts: RuleFacts): DecisionDocument {
  const required = [...new Set([...facts.required, ...(document.required ?? [])])];
  const stated = { ...document, required };
  const reason = blockingReason(stated, facts);
  if (reason === undefined || document.decision === 'deny') return stated;
  const hard =
    reason === 'tool_not_allowlisted' ||
    reason === 'tool_quarantined' ||
    reason === 'tool_offline' ||
    reason === 'arguments_invalid';
  if (hard) return { ...stated, decision: 'deny', reason };
  if (document.decision === 'ask') return stated;
  const decision = reason === 'grant_missing' ? facts.onMissingGrant : 'ask';
  return { ...stated, decision, reason };
}

/**
 * The facts of a catalogue tool under a session, unconfirmed. A tool outside the catalogue requires nothing
 * here (it is never allowed anyway) and is taken to `write`, the cautious default.
 */
export function ruleFactsFor(permission: CompiledToolPermission | undefined, session: Session): RuleFacts {
  return {
    required: permission?.requires ?? [],
    effect: permission?.effect ?? 'write',
    onMissingGrant: session.onMissingGrant,
    confirmed: false,
  };
}

/**
 * Reviews a decision document from elsewhere (a policy engine, a model, a person's tool): it must pass the
 * decision schema of the session's vocabulary, and then the rule is applied with facts from the session and
 * its catalogue, never from the document's own claims: the grant is the session's, the tool is allowed only
 * if the document says so and the session allowlists it, and the document's `required` can only add to the
 * catalogue's.
 */
export function reviewDecision(candidate: unknown, session: Session): ReviewedDecision {
  const checked = session.permissions.checkDecision(candidate);
  if (!checked.ok) return checked;
  const document = checked.document;
  const permission = session.permissions.tool(document.tool);
  const facts = ruleFactsFor(permission, session);
  const grounded: DecisionDocument = {
    ...document,
    grant: session.grant,
    toolAllowed:
      document.toolAllowed && permission !== undefined && session.allowlist.includes(document.tool),
  };
  const enforced = applyDecisionRule(grounded, facts);
  return { ok: true, document: enforced, changed: enforced.decision !== document.decision };
}

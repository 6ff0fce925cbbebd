// decide: the permission decision for one proposed tool call, written as a schema-checked JSON document.
import { sha256Hex } from './canonical-hash.js';
import type { DecisionDocument } from './decision.js';
import { applyDecisionRule, ruleFactsFor, type RuleFacts } from './decision-rule.js';
import { normalizeArguments, type NormalizedArguments } from './normalize-arguments.js';
import type { Session } from './session.js';

/** A call as a model proposes it: a tool name and arguments, both untrusted. */
export interface ToolCallProposal {
  readonly tool: string;
  readonly arguments: unknown;
}

/** Facts from outside the session: whether a registry approves the tool's current definition. */
export interface DecisionFacts {
  /** False when the tool's definition is quarantined (changed, renamed or never approved). Default true. */
  readonly approved?: boolean;
}

/** A decision with what it was computed from, for the audit record and the executor. */
export interface EvaluatedCall {
  readonly document: DecisionDocument;
  /** The arguments as one canonical JSON value (what the executor receives), or why they are not JSON. */
  readonly arguments: NormalizedArguments;
  /** Redacted pointers of argument strings that repeat remembered untrusted output. */
  readonly matches: readonly string[];
  /** The facts the rule was applied with. */
  readonly facts: RuleFacts;
}

/**
 * The permission decision for a proposed call: `allow` only when the arguments are valid against
 * the tool's input schema, the tool is on the session's allowlist (and approved, when a registry says so),
 * and the grant holds every capability the catalogue requires; invalid arguments and tools that are not
 * allowed are `deny`; a short grant is `deny` or `ask` by the session's policy; untrusted values in the
 * arguments of a `write` or `network` tool (an `Untrusted<T>` anywhere, or text repeating recent untrusted
 * output) make it `ask` at least. Annotations a tool publishes play no part. Never throws on content.
 */
export function decide(
  call: ToolCallProposal,
  session: Session,
  facts: DecisionFacts = {},
): DecisionDocument {
  return evaluateCall(call, session, facts).document;
}

/** {@link decide}, returning the normalized arguments and taint evidence too. */
export function evaluateCall(
  call: ToolCallProposal,
  session: Session,
  facts: DecisionFacts = {},
): EvaluatedCall {
  const name = typeof call.tool === 'string' ? call.tool : '';
  const permission = session.permissions.tool(name);
  const args = normalizeArguments(call.arguments);
  const matches = args.ok ? session.memory.matches(args.value) : [];
  const listed = permission !== undefined && session.allowlist.includes(name);
  const approved = facts.approved !== false;
  const ruleFacts = ruleFactsFor(permission, session);
  const candidate: DecisionDocument = {
    tool: permission === undefined ? unknownToolLabel(name) : name,
    argumentsValid: permission !== undefined && args.ok && permission.validate(args.value),
    toolAllowed: listed && approved,
    grant: session.grant,
    required: ruleFacts.required,
    tainted: args.ok && (args.untrusted.length > 0 || matches.length > 0),
    decision: 'allow',
    // The rule rewrites the reason of anything it stops; only a quarantine must be named here.
    reason: listed && !approved ? 'tool_quarantined' : 'ok',
  };
  const document = applyDecisionRule(candidate, ruleFacts);
  const checked = session.permissions.checkDecision(document);
  return {
    document: checked.ok ? checked.document : invalidDecision(document.tool),
    arguments: args,
    matches,
    facts: ruleFacts,
  };
}

/** A tool name outside the catalogue is never written out: `#` and 16 hex digits of its SHA-256 stand for it. */
export function unknownToolLabel(name: string): string {
  return '#' + sha256Hex(name).slice(0, 16);
}

/** The fail-closed document for a decision that failed its own schema (a defect, never a verdict on content). */
function invalidDecision(tool: string): DecisionDocument {
  return {
    tool,
    argumentsValid: false,
    toolAllowed: false,
    grant: [],
    required: [],
    decision: 'deny',
    reason: 'decision_invalid',
  };
}

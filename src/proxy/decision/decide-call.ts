// The permission decision for one call a client sends through the proxy: allowlists, pins, grants and provenance.
import { unknownToolLabel, type EvaluatedCall } from '../../calls/decide.js';
import type { DecisionDocument } from '../../calls/decision.js';
import { applyDecisionRule, type RuleFacts } from '../../calls/decision-rule.js';
import { normalizeArguments } from '../../calls/normalize-arguments.js';
import { REGISTRY_TOOL_NAME } from '../../calls/tool-definition.js';
import type { ToolState } from '../../calls/tool-state.js';
import type { ProxySettings } from '../settings.js';
import type { Provenance, TracedArgument } from './provenance.js';

/** A decision with what it was taken from: the evaluation (for the audit record) and the traced arguments. */
export interface CallDecision {
  readonly evaluated: EvaluatedCall;
  readonly traced: readonly TracedArgument[];
}

/** The settings a decision reads. */
export type DecisionSettings = Pick<
  ProxySettings,
  'allow' | 'deny' | 'grant' | 'onMissingGrant' | 'tools' | 'killSwitch'
>;

/**
 * Decides a call against the permission document and its rules: `deny` for a tool that is not allowed (the configuration's
 * kill switch, the deny list, outside the allow list), whose current definition is not approved, or that is
 * offline in the store (the operator's kill switch included), and for arguments that are not JSON; `ask` (or `deny`, by `onMissingGrant`) when the grant misses a capability the tool requires;
 * `ask` when an argument repeats untrusted output of an earlier result and the tool is not declared `read`;
 * `allow` otherwise. `confirmed` is set only after a person approved this very call. Never throws on content.
 */
export function decideCall(
  name: string,
  args: unknown,
  status: { readonly approved: boolean; readonly state: ToolState },
  settings: DecisionSettings,
  provenance: Provenance,
  confirmed = false,
): CallDecision {
  const normalized = normalizeArguments(args);
  const traced = normalized.ok ? provenance.trace(normalized.value) : [];
  const listed =
    !settings.killSwitch &&
    !settings.deny.includes(name) &&
    (settings.allow === undefined || settings.allow.includes(name));
  const rule = Object.hasOwn(settings.tools, name) ? settings.tools[name] : undefined;
  const facts: RuleFacts = {
    required: rule?.requires ?? [],
    effect: rule?.effect ?? 'write',
    onMissingGrant: settings.onMissingGrant,
    confirmed,
  };
  const candidate: DecisionDocument = {
    tool: REGISTRY_TOOL_NAME.test(name) ? name : unknownToolLabel(name),
    argumentsValid: normalized.ok,
    toolAllowed: listed && status.approved && status.state !== 'offline',
    grant: settings.grant,
    required: facts.required,
    tainted: normalized.ok && (normalized.untrusted.length > 0 || traced.length > 0),
    decision: 'allow',
    reason: !listed
      ? 'ok'
      : !status.approved
        ? 'tool_quarantined'
        : status.state === 'offline'
          ? 'tool_offline'
          : 'ok',
  };
  const document = applyDecisionRule(candidate, facts);
  return {
    evaluated: { document, arguments: normalized, matches: traced.map((entry) => entry.pointer), facts },
    traced,
  };
}

// The permission decision's JSON Schema (2020-12) as frozen data, with the capability vocabulary filled in.

/** What a decision may say. */
export const DECISIONS = Object.freeze(['allow', 'deny', 'ask'] as const);

/** One decision. */
export type Decision = (typeof DECISIONS)[number];

/**
 * Why a decision was taken. Finite and stable: an agent or an operator may reason over these.
 * `ok`: the grant covers the call. `tool_offline`: an operator took the tool (or every tool: the kill switch)
 * out of service. `confirmed`: a person approved an `ask`. `refused`: a person declined one.
 * `confirm_failed`: no person could be asked (no hook, an error, a timeout). `audit_unavailable`: the
 * decision could not be recorded, so it does not stand. `decision_invalid`: a decision document failed its own
 * schema (a defect, failed closed).
 */
export const DECISION_REASONS = Object.freeze([
  'ok',
  'grant_missing',
  'tool_not_allowlisted',
  'tool_quarantined',
  'tool_offline',
  'arguments_invalid',
  'untrusted_arguments',
  'confirmed',
  'refused',
  'confirm_failed',
  'audit_unavailable',
  'decision_invalid',
] as const);

/** One reason. */
export type DecisionReason = (typeof DECISION_REASONS)[number];

/** A capability name: lower-case letters, digits and `_ . : -`, starting with a letter, up to 64. */
export const CAPABILITY_PATTERN: RegExp = Object.freeze(/^[a-z][a-z0-9_.:-]{0,63}$/);

/** The tool name in a decision: a catalogue name, or `#` and 16 hex digits standing for an unknown one. */
export const DECISION_TOOL_PATTERN = '^(?:[A-Za-z0-9_.-]{1,64}|#[0-9a-f]{16})$';

/** Most capabilities a vocabulary may hold (also the `maxItems` of `grant` and `required`). */
export const MAX_CAPABILITIES = 256;

/**
 * The decision document's schema for one capability vocabulary. It stops a decision outside allow, deny and
 * ask, a non-boolean flag, a missing field, an unknown member and a capability outside the vocabulary. It
 * cannot say that `allow` needs valid arguments, an allowlisted tool and a sufficient grant: that rule is
 * code (`applyDecisionRule`), so no document can claim an `allow` the facts do not support.
 */
export function decisionSchema(capabilities: readonly string[]): object {
  const capabilityList = {
    type: 'array',
    maxItems: MAX_CAPABILITIES,
    uniqueItems: true,
    items: { enum: [...capabilities] },
  };
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'airlock:permission-decision',
    title: 'Permission decision',
    type: 'object',
    required: ['tool', 'argumentsValid', 'toolAllowed', 'grant', 'decision', 'reason'],
    properties: {
      tool: { type: 'string', maxLength: 64, pattern: DECISION_TOOL_PATTERN },
      argumentsValid: { type: 'boolean' },
      toolAllowed: { type: 'boolean' },
      grant: capabilityList,
      required: capabilityList,
      tainted: { type: 'boolean' },
      decision: { enum: [...DECISIONS] },
      reason: { enum: [...DECISION_REASONS] },
    },
    additionalProperties: false,
  };
}

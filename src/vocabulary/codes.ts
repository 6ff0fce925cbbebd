// The finite agent-facing failure codes, the detailed operator codes, and the map between them.
import type { StageName } from './stages.js';

/**
 * The agent-facing failure codes. Small, finite and stable: an agent may reason over these and nothing else.
 * Locked by a test; adding one is a breaking change.
 */
export const AGENT_CODES = [
  'timeout',
  'result_too_large',
  'invalid_encoding',
  'invalid_json',
  'schema_mismatch',
  'binding_failed',
  'unsafe_content',
  'upstream_error',
  'tool_unavailable',
  'internal_error',
] as const;

/** An agent-facing failure code. */
export type AgentCode = (typeof AGENT_CODES)[number];

/**
 * The detailed, operator-facing failure codes of each stage. `validate.*` carries the failing JSON Schema
 * keyword (for example `validate.additionalProperties`); the others are listed here.
 */
export const DETAIL_CODES = {
  read: [
    'read.too_large',
    'read.decompressed_too_large',
    'read.timeout',
    'read.aborted',
    'read.content_type',
    'read.content_encoding',
    'read.charset',
    'read.invalid_utf8',
    'read.bom',
    'read.decompress_failed',
    'read.stream_error',
    'read.status',
    'read.tool_error',
    'read.unsupported_input',
  ],
  parse: [
    'parse.syntax',
    'parse.unexpected_end',
    'parse.invalid_escape',
    'parse.control_character',
    'parse.lone_surrogate',
    'parse.duplicate_key',
    'parse.depth',
    'parse.members',
    'parse.items',
    'parse.string_length',
    'parse.nodes',
    'parse.unsafe_integer',
    'parse.number_overflow',
  ],
  validate: [],
  bind: [
    'bind.mismatch',
    'bind.max_items',
    'bind.stale',
    'bind.future',
    'bind.not_empty',
    'bind.invalid_timestamp',
    'bind.missing_context',
    'bind.rejected',
    'bind.tool_failure',
  ],
  sanitize: ['sanitize.rejected', 'sanitize.purpose_unresolved', 'sanitize.too_large', 'sanitize.expansion'],
  project: [],
} as const satisfies Record<StageName, readonly string[]>;

/** A detailed failure code (operator-facing, lives in the audit record). */
export type DetailCode =
  | (typeof DETAIL_CODES)[Exclude<StageName, 'validate'>][number]
  | `validate.${string}`
  | (typeof INTERNAL_CODES)[number];

/**
 * Detailed codes that are not a verdict on content: an unexpected exception inside the gate (a defect); an
 * evidence vault or audit sink that failed, or did not answer within the gate's I/O deadline (the gate fails
 * closed); and a caller that aborted the call while the gate waited for one of them.
 */
export const INTERNAL_CODES = [
  'internal.exception',
  'internal.evidence_unavailable',
  'internal.audit_unavailable',
  'internal.evidence_timeout',
  'internal.audit_timeout',
  'internal.aborted',
] as const;

/** The agent-facing code each detailed read and parse code is reported as; other stages map one to one. */
const DETAIL_TO_AGENT: Readonly<Record<string, AgentCode>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, AgentCode>, {
    'read.too_large': 'result_too_large',
    'read.decompressed_too_large': 'result_too_large',
    'read.timeout': 'timeout',
    'read.aborted': 'timeout',
    'internal.aborted': 'timeout',
    'read.stream_error': 'upstream_error',
    'read.status': 'upstream_error',
    'read.tool_error': 'upstream_error',
    'parse.depth': 'result_too_large',
    'parse.members': 'result_too_large',
    'parse.items': 'result_too_large',
    'parse.string_length': 'result_too_large',
    'parse.nodes': 'result_too_large',
    'bind.tool_failure': 'upstream_error',
    'sanitize.too_large': 'result_too_large',
  }),
);

const STAGE_TO_AGENT: Readonly<Record<StageName, AgentCode>> = Object.freeze({
  read: 'invalid_encoding',
  parse: 'invalid_json',
  validate: 'schema_mismatch',
  bind: 'binding_failed',
  sanitize: 'unsafe_content',
  project: 'internal_error',
});

/** The agent-facing code for a detailed code raised in a stage. */
export function agentCodeFor(stage: StageName, code: DetailCode): AgentCode {
  const mapped = DETAIL_TO_AGENT[code];
  if (mapped !== undefined) return mapped;
  if ((INTERNAL_CODES as readonly string[]).includes(code)) return 'internal_error';
  return STAGE_TO_AGENT[stage];
}

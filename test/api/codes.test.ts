// Locks the agent-facing codes and the detailed codes: agents and operators may depend on every one of them.
import { expect, test } from 'vitest';
import { AGENT_CODES, agentCodeFor, DETAIL_CODES, INTERNAL_CODES } from '../../src/vocabulary/codes.js';
import { STAGE_NAMES } from '../../src/vocabulary/stages.js';
import { STAGE_TABLE } from '../../src/gate/stage-table.js';

test('the agent-facing codes are exactly these, in this order', () => {
  expect(AGENT_CODES).toEqual([
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
  ]);
});

test('the detailed codes of every stage are locked, and each maps to an agent code', () => {
  expect(DETAIL_CODES).toMatchInlineSnapshot(`
    {
      "bind": [
        "bind.mismatch",
        "bind.max_items",
        "bind.stale",
        "bind.future",
        "bind.not_empty",
        "bind.invalid_timestamp",
        "bind.missing_context",
        "bind.rejected",
        "bind.tool_failure",
      ],
      "parse": [
        "parse.syntax",
        "parse.unexpected_end",
        "parse.invalid_escape",
        "parse.control_character",
        "parse.lone_surrogate",
        "parse.duplicate_key",
        "parse.depth",
        "parse.members",
        "parse.items",
        "parse.string_length",
        "parse.nodes",
        "parse.unsafe_integer",
        "parse.number_overflow",
      ],
      "project": [],
      "read": [
        "read.too_large",
        "read.decompressed_too_large",
        "read.timeout",
        "read.aborted",
        "read.content_type",
        "read.content_encoding",
        "read.charset",
        "read.invalid_utf8",
        "read.bom",
        "read.decompress_failed",
        "read.stream_error",
        "read.status",
        "read.tool_error",
        "read.unsupported_input",
      ],
      "sanitize": [
        "sanitize.rejected",
        "sanitize.purpose_unresolved",
        "sanitize.too_large",
        "sanitize.expansion",
      ],
      "validate": [],
    }
  `);
  expect(INTERNAL_CODES).toEqual([
    'internal.exception',
    'internal.evidence_unavailable',
    'internal.audit_unavailable',
    'internal.evidence_timeout',
    'internal.audit_timeout',
    'internal.aborted',
  ]);
  for (const stage of STAGE_NAMES) {
    for (const code of [...DETAIL_CODES[stage], ...INTERNAL_CODES])
      expect(AGENT_CODES).toContain(agentCodeFor(stage, code));
  }
  expect(agentCodeFor('validate', 'validate.additionalProperties')).toBe('schema_mismatch');
  // A gate that could not record the call in time fails closed as an internal error; a caller's abort is a timeout.
  expect(agentCodeFor('project', 'internal.evidence_timeout')).toBe('internal_error');
  expect(agentCodeFor('project', 'internal.audit_timeout')).toBe('internal_error');
  expect(agentCodeFor('read', 'internal.aborted')).toBe('timeout');
});

test('the stage table runs the stages in the documented order', () => {
  expect(STAGE_TABLE.map(([name]) => name)).toEqual([...STAGE_NAMES]);
  expect(STAGE_NAMES).toEqual(['read', 'parse', 'validate', 'bind', 'sanitize', 'project']);
});

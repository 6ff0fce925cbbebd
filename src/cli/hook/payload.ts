// Claude Code's PostToolUse input on standard input: read under a ceiling and a deadline, parsed strictly, or refused.
import type { Readable } from 'node:stream';
import { parseJson } from '../../json/parse.js';
import type { JsonValue } from '../../json/types.js';
import { readBody } from '../../read/read-body.js';
import { agentCodeFor, type DetailCode } from '../../vocabulary/codes.js';
import { DEFAULT_LIMITS } from '../../vocabulary/limits.js';
import type { StageName } from '../../vocabulary/stages.js';
import type { AgentError } from '../../../sinks/prompt/tool-result.js';

/** What the hook reads of a `PostToolUseHookInput`. */
export interface PostToolUse {
  /** `Bash`, `Read`, `WebFetch` …, or `mcp__<server>__<tool>`. */
  readonly toolName: string;
  readonly toolUseId: string | undefined;
  /** The tool's output as Claude Code hands it over: a string, MCP content blocks, or an object. */
  readonly response: JsonValue;
}

/** The input, or why it could not be read: the agent-facing error and the detailed code (never input text). */
export type PayloadRead =
  | { readonly ok: true; readonly payload: PostToolUse }
  | { readonly ok: false; readonly error: AgentError; readonly detail: string };

/**
 * How much larger than one tool output the whole input may be: it also carries the tool's input and session
 * facts, and JSON escaping can grow prose (a line break is two bytes).
 */
const INPUT_FACTOR = 4;

/**
 * Reads the hook's input: at most four times `maxBytes`, within the read deadline (10 s), strict UTF-8, strict
 * JSON (duplicate names refused), an object whose `hook_event_name` is `PostToolUse` with a string `tool_name`
 * and a `tool_response`. Never throws: a failure is reported with the code the gate would give it.
 */
export async function readPayload(stdin: Readable, maxBytes: number): Promise<PayloadRead> {
  const ceiling = INPUT_FACTOR * maxBytes;
  const read = await readBody(stdin, {
    ...DEFAULT_LIMITS.read,
    maxRawBytes: ceiling,
    maxDecodedBytes: ceiling,
  });
  if (!read.ok) return refused('read', read.error.code, read.error.retryable);
  const limits = DEFAULT_LIMITS.parse;
  const parsed = parseJson(read.text, { ...limits, maxStringLength: ceiling, maxDepth: limits.maxDepth + 1 });
  if (!parsed.ok) return refused('parse', parsed.error.code, false);
  const input = parsed.value;
  if (
    typeof input !== 'object' ||
    input === null ||
    Array.isArray(input) ||
    input.hook_event_name !== 'PostToolUse' ||
    typeof input.tool_name !== 'string' ||
    input.tool_response === undefined
  )
    return {
      ok: false,
      error: { code: 'schema_mismatch', retryable: false },
      detail: 'hook.not_post_tool_use',
    };
  const id = input.tool_use_id;
  return {
    ok: true,
    payload: {
      toolName: input.tool_name,
      toolUseId: typeof id === 'string' ? id : undefined,
      response: input.tool_response,
    },
  };
}

function refused(stage: StageName, code: DetailCode, retryable: boolean): PayloadRead {
  return { ok: false, error: { code: agentCodeFor(stage, code), retryable }, detail: code };
}

// `airlock hook claude-code`: a PostToolUse hook whose answer puts the gated output in place of the tool's own.
import { toolResultView, type AgentError } from '../../sinks/prompt/tool-result.js';
import { RAW_MAX_BYTES } from '../vocabulary/limits.js';
import { parseCommandArgs } from './args.js';
import { defineCommand, EXIT, type CliIo, type Command } from './command.js';
import { failureLine } from './failure-line.js';
import { parseMaxBytes } from './filter/max-bytes.js';
import { outputSettings } from './filter/output-contract.js';
import { postToolUseAnswer } from './hook/answer.js';
import { readPayload } from './hook/payload.js';
import { contractFiles, contractFor } from './hook/tool-contracts.js';
import { gateResponse } from './hook/tool-response.js';

interface HookArgs {
  readonly contract?: string[];
  readonly 'max-bytes'?: string;
  readonly audit?: boolean;
}

const NAME = 'hook claude-code';

const USAGE = `usage: airlock hook claude-code [--contract TOOL=FILE]... [--max-bytes N] [--audit]
  A Claude Code PostToolUse command hook. Reads the hook input on standard input, runs tool_response through
  the gate, and prints {"hookSpecificOutput":{"hookEventName":"PostToolUse","updatedToolOutput":…}}: the output
  the model sees becomes the data as JSON in one untrusted block, or {"error":{"code":…,"retryable":…}}.
  MCP tools (mcp__server__tool): content blocks through the MCP result contract, prose cleaned within a budget,
  other blocks as placeholders, answered as one text block (also in updatedMCPToolOutput). Other tools: any JSON
  whose strings are text (cleaned, secrets redacted).
  --contract   TOOL=FILE: check TOOL's output against a JSON contract file (agent-airlock/contract.schema.json);
               a string output is read as the JSON text it holds, any other as its JSON
  --max-bytes  ceiling on one tool output (default ${String(RAW_MAX_BYTES)}); the input may be four times as large
  --audit      write the full audit record (one JSON line) to standard error instead of the short reason
  Always exit 0 with an answer: input that cannot be read, a bad option or contract, or an internal failure
  replaces the output with a typed error (fail closed) and says why, without input text, on standard error.`;

const INTERNAL: AgentError = Object.freeze({ code: 'internal_error', retryable: false });

/** The `hook claude-code` command: always exit 0 with an answer, so no output reaches the model ungated. */
export const hookCommand: Command = defineCommand({
  path: ['hook', 'claude-code'],
  summary: 'a Claude Code PostToolUse hook: tool output replaced by its gated form',
  usage: USAGE,
  async run(args, io) {
    let answer: string;
    try {
      answer = await answerFor(args, io);
    } catch (error) {
      io.stderr(`airlock ${NAME}: ${failureLine(error, io.env).line}\n`);
      answer = postToolUseAnswer(toolResultView({ ok: false, error: INTERNAL }).text, undefined);
    }
    io.stdout(answer);
    return EXIT.ok;
  },
});

/** The answer for this input; a configuration mistake answers with `internal_error` and a line on stderr. */
async function answerFor(args: readonly string[], io: CliIo): Promise<string> {
  const refuse = (message: string, error: AgentError, tool?: string): string => {
    io.stderr(`airlock ${NAME}: ${message}\n`);
    return postToolUseAnswer(toolResultView({ ok: false, error }).text, tool);
  };
  const parsed = parseCommandArgs<HookArgs>(args, {
    contract: { type: 'string', multiple: true },
    'max-bytes': { type: 'string' },
    audit: { type: 'boolean' },
  });
  if (!parsed.ok) return refuse(`${parsed.message} (see airlock ${NAME} --help)`, INTERNAL);
  const { values, positionals } = parsed;
  if (positionals.length > 0) return refuse('the hook input is read from standard input only', INTERNAL);
  const maxBytes = parseMaxBytes(values['max-bytes']);
  if (maxBytes === undefined) return refuse('--max-bytes must be a whole number from 1024', INTERNAL);
  const files = contractFiles(values.contract ?? [], io.cwd);
  if (!files.ok) return refuse(files.message, INTERNAL);
  const read = await readPayload(io.stdin, maxBytes);
  if (!read.ok) return refuse(`input refused: ${read.error.code} (${read.detail})`, read.error);
  const { payload } = read;
  try {
    const gating = {
      settings: outputSettings(maxBytes),
      contract: await contractFor(files.files, payload.toolName),
      audit: { command: NAME, full: values.audit === true },
    };
    return postToolUseAnswer((await gateResponse(payload, gating, io)).text, payload.toolName);
  } catch (error) {
    return refuse(failureLine(error, io.env).line, INTERNAL, payload.toolName);
  }
}

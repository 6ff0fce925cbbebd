// One tool output through a CLI gate: its outcome, what a model may see of it, and a line about a rejection.
import { memoryAuditSink } from '../../audit/sinks.js';
import type { RequestContext } from '../../bind/rules.js';
import type { ToolDefinition } from '../../contract/define-tool.js';
import { createGate } from '../../gate/create-gate.js';
import type { RawInput } from '../../read/input.js';
import type { ToolOutcome } from '../../vocabulary/outcome.js';
import type { ToolResultView } from '../../../sinks/prompt/tool-result.js';
import { modelView } from '../../adapters/model-view.js';
import type { CliIo } from '../command.js';
import { stderrAuditSink } from '../stderr-audit.js';

/** How a command reports the gate's audit record on standard error. */
export interface AuditChoice {
  /** The command's name in messages (`filter`, `hook claude-code`). */
  readonly command: string;
  /** True: the whole audit record as one JSON line; false: one short line for a rejection only. */
  readonly full: boolean;
}

/**
 * Runs `raw` through a gate with no vault (nothing is kept once the command ends) and returns the outcome. The
 * audit record goes to standard error as one JSON line when `audit.full`, otherwise a rejection is one line
 * naming the agent code and the stage's detailed code: codes and redacted pointers, never output text.
 */
export async function gateOutput<T>(
  contract: ToolDefinition<T>,
  raw: RawInput,
  context: RequestContext,
  io: CliIo,
  audit: AuditChoice,
): Promise<ToolOutcome<T>> {
  const records = memoryAuditSink();
  const sink = audit.full ? stderrAuditSink(io) : records;
  const outcome = await createGate({ audit: sink }).accept(contract, raw, context);
  const issue = records.records[0]?.issue;
  if (!outcome.ok && issue !== undefined)
    io.stderr(`airlock ${audit.command}: rejected: ${outcome.error.code} (${issue.stage}: ${issue.code})\n`);
  return outcome;
}

/** What a model may see of an outcome: the untrusted block, or `{"error":{"code":…,"retryable":…}}`. */
export function outputView(outcome: ToolOutcome<unknown>, contract: ToolDefinition<unknown>): ToolResultView {
  return modelView(outcome, { mode: 'tags', maxBytes: contract.limits.output.safeMaxBytes });
}

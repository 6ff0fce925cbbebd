// One PostToolUse tool response through the gate, by its form: MCP content, JSON text of a contract, or any JSON.
import { newRequestId } from '../../adapters/request-id.js';
import { mcpToolOutcome } from '../../adapters/ai/mcp-outcome.js';
import { REQUEST_ID_PATTERN } from '../../contract/envelopes.js';
import type { ToolDefinition } from '../../contract/define-tool.js';
import { DEFAULT_EGRESS_POLICY } from '../../egress/policy.js';
import type { JsonValue } from '../../json/types.js';
import type { ClientSettings } from '../../mcp/client-limits.js';
import { createOutputContracts } from '../../mcp/output-contract.js';
import type { RawInput } from '../../read/input.js';
import type { ToolResultView } from '../../../sinks/prompt/tool-result.js';
import type { CliIo } from '../command.js';
import { gateOutput, outputView, type AuditChoice } from '../filter/gated-output.js';
import { anyJsonContract, contractName } from '../filter/output-contract.js';
import { isMcpTool } from './answer.js';
import type { PostToolUse } from './payload.js';

/** How the hook gates a response. */
export interface ResponseGating {
  /** Bounds from `--max-bytes`. */
  readonly settings: ClientSettings;
  /** The `--contract` named for this tool, if any. */
  readonly contract: ToolDefinition<unknown> | undefined;
  readonly audit: AuditChoice;
}

const REQUEST_ID = new RegExp(REQUEST_ID_PATTERN);

/**
 * Runs the response through the gate and returns what the model may see. With a `--contract` for the tool, the
 * response is that contract's result: a string is read as the text it is (JSON a tool printed), anything else as
 * its JSON. Otherwise an MCP tool's response (content blocks, a string, or a `CallToolResult` object) is an MCP
 * result under the MCP adapter's text-only result contract (blocks validated, prose cleaned within the text
 * budget, other blocks as placeholders; `isError` is `upstream_error`); any other response (Bash, Read, WebFetch
 * …) is any JSON whose strings are text. The request id is the tool use id when it has a request id's shape.
 */
export async function gateResponse(
  payload: PostToolUse,
  gating: ResponseGating,
  io: CliIo,
): Promise<ToolResultView> {
  const { settings, contract, audit } = gating;
  const context = { requestId: requestIdFor(payload.toolUseId) };
  const response = payload.response;
  if (contract !== undefined) {
    const body = typeof response === 'string' ? response : JSON.stringify(response);
    return outputView(await gateOutput(contract, body, context, io, audit), contract);
  }
  const name = contractName(payload.toolName);
  const mcp = isMcpTool(payload.toolName) ? mcpResult(response) : undefined;
  if (mcp !== undefined) {
    const result = createOutputContracts({}, settings.bounds).resolve(name, undefined).definition;
    const outcome = await gateOutput(result, mcp, context, io, audit);
    const shaping = { budget: settings.text, uriPolicy: DEFAULT_EGRESS_POLICY };
    return outputView(mcpToolOutcome(outcome, false, shaping), result);
  }
  const any = anyJsonContract(name, settings);
  return outputView(await gateOutput(any, JSON.stringify(response), context, io, audit), any);
}

/** An MCP tool's response as the body of a `CallToolResult`, or `undefined` when it has no MCP result form. */
function mcpResult(response: JsonValue): RawInput | undefined {
  if (typeof response === 'string') return JSON.stringify({ content: [{ type: 'text', text: response }] });
  if (Array.isArray(response)) return JSON.stringify({ content: response });
  if (typeof response !== 'object' || response === null || !Array.isArray(response.content)) return undefined;
  const body = JSON.stringify(response);
  return response.isError === true ? { body, toolError: true } : body;
}

function requestIdFor(toolUseId: string | undefined): string {
  return toolUseId !== undefined && REQUEST_ID.test(toolUseId) ? toolUseId : newRequestId();
}

// The `agent-airlock/ai` entry: AI SDK tools whose results pass the gate before the model sees them.
export { wrapTool } from './adapters/ai/wrap-tool.js';
export type {
  AiExecuteOptions,
  AiGatedMembers,
  AiModelOutput,
  AiToolCall,
  AiToolContext,
  AiWrapOptions,
  AiWrappedTool,
} from './adapters/ai/tool-types.js';
export { requestIdOf } from './adapters/ai/call-request.js';
export type { AiCallOptions } from './adapters/ai/call-request.js';
export type { CallContext } from './adapters/gated-call.js';
export { DEFAULT_TOOL_TIMEOUT_MS } from './adapters/gated-call.js';
export type { WrapToolOptions } from './adapters/wrap-options.js';
export { boundaryNotice } from '../sinks/prompt/notice.js';
export { wrapMcpTools } from './adapters/ai/mcp-tools.js';
export type { GatedMcpTool, McpToolsOptions } from './adapters/ai/mcp-tools.js';
export type { AiMcpClient, McpListing } from './adapters/ai/mcp-listing.js';
export type { McpToolData } from './adapters/ai/mcp-outcome.js';
export { McpListError } from './mcp/list-tools.js';
export type { McpListErrorCode } from './mcp/list-tools.js';
export type { McpPlaceholder } from './mcp/result/content-blocks.js';
export type { StructuredContract } from './mcp/contract/result-contract.js';
export type { LimitOptions, McpResultLimits } from './mcp/client-limits.js';

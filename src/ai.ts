// The `agent-airlock/ai` entry: AI SDK tools whose results pass the gate before the model sees them.
export { wrapTool } from './adapters/ai/wrap-tool.js';
export type { AiModelOutput, AiToolCall, AiWrapOptions } from './adapters/ai/wrap-tool.js';
export { requestIdOf } from './adapters/ai/call-request.js';
export type { CallContext } from './adapters/gated-call.js';
export { DEFAULT_TOOL_TIMEOUT_MS } from './adapters/gated-call.js';
export type { WrapToolOptions } from './adapters/wrap-options.js';
export { boundaryNotice } from '../sinks/prompt/notice.js';

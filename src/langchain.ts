// The `agent-airlock/langchain` entry: LangChain tools whose results pass the gate before the model sees them.
export { wrapTool } from './adapters/langchain/wrap-tool.js';
export type { LangChainToolCall, LangChainWrapOptions } from './adapters/langchain/wrap-tool.js';
export { requestIdOf, REQUEST_ID_KEY } from './adapters/langchain/call-request.js';
export type { CallContext } from './adapters/gated-call.js';
export { DEFAULT_TOOL_TIMEOUT_MS } from './adapters/gated-call.js';
export type { WrapToolOptions } from './adapters/wrap-options.js';
export { boundaryNotice } from '../sinks/prompt/notice.js';

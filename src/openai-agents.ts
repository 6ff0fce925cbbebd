// The `agent-airlock/openai-agents` entry: an OpenAI Agents tool output guardrail that passes outputs through the gate.
export { airlockOutputGuardrail } from './adapters/openai-agents/output-guardrail.js';
export type {
  AgentsGuardrailData,
  AgentsToolCall,
  AirlockGuardrailInfo,
  AirlockGuardrailOptions,
  AirlockGuardrailResult,
  AirlockOutputGuardrail,
} from './adapters/openai-agents/output-guardrail.js';
export type { CallContext } from './adapters/gated-call.js';
export { DEFAULT_TOOL_TIMEOUT_MS } from './adapters/gated-call.js';
export type { WrapToolOptions } from './adapters/wrap-options.js';
export { boundaryNotice } from '../sinks/prompt/notice.js';

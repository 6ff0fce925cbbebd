// The model-facing view of a tool's output, whatever shape it arrives in: the block, the typed error, or neither.
import type { WrapMode } from '../../sinks/prompt/boundary.js';
import {
  toolResultView,
  type AgentError,
  type ToolResultInput,
  type ToolResultView,
} from '../../sinks/prompt/tool-result.js';
import { AGENT_CODES } from '../vocabulary/codes.js';

/** How the block is written, and the most data it may hold. */
export interface ViewOptions {
  readonly mode: WrapMode;
  /** The contract's `output.safeMaxBytes`: accepted data whose JSON is longer is not shown. */
  readonly maxBytes: number;
}

const AGENT_CODE_SET: ReadonlySet<string> = new Set(AGENT_CODES);
const INTERNAL: ToolResultView = toolResultView({
  ok: false,
  error: { code: 'internal_error', retryable: false },
});

/**
 * What a model sees for one tool output. A framework hands the output back to the adapter in its own time
 * (the AI SDK may even have sent it to a browser and back), so the shape is checked again here: an accepted
 * outcome with data becomes the untrusted block, a failure with a known code its typed error, and anything
 * else, or data whose JSON exceeds the contract's output ceiling or has no JSON form, `internal_error`. Never
 * throws.
 */
export function modelView(output: unknown, options: ViewOptions): ToolResultView {
  try {
    const outcome = asOutcome(output);
    if (outcome === undefined || (outcome.ok && jsonBytes(outcome.data) > options.maxBytes)) return INTERNAL;
    return toolResultView(outcome, options.mode);
  } catch {
    // A throwing getter, or data with no JSON form (a cycle, a BigInt): nothing of it can be shown.
    return INTERNAL;
  }
}

/** The outcome parts a model may see, when `value` has an outcome's shape. */
function asOutcome(value: unknown): ToolResultInput | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { ok, data, error, meta } = value as Readonly<Record<string, unknown>>;
  if (ok === true) {
    const tool = typeof meta === 'object' && meta !== null ? (meta as { tool?: unknown }).tool : undefined;
    return data === undefined || typeof tool !== 'string' ? undefined : { ok, data, meta: { tool } };
  }
  if (ok !== false || typeof error !== 'object' || error === null) return undefined;
  const { code, retryable } = error as { code?: unknown; retryable?: unknown };
  if (typeof code !== 'string' || !AGENT_CODE_SET.has(code) || typeof retryable !== 'boolean')
    return undefined;
  return { ok, error: { code: code as AgentError['code'], retryable } };
}

/** UTF-8 length of the data's JSON; throws (caught above) when it has none. */
function jsonBytes(data: unknown): number {
  return Buffer.byteLength(JSON.stringify(data), 'utf8');
}

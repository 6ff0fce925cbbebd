// The options every tool adapter takes, checked once when a tool is wrapped (configuration throws a TypeError).
import { WRAP_MODES, type WrapMode } from '../../sinks/prompt/boundary.js';
import type { ToolDefinition } from '../contract/define-tool.js';
import type { Gate } from '../gate/create-gate.js';
import { assertTimeoutMs } from '../vocabulary/settle-within.js';
import { DEFAULT_TOOL_TIMEOUT_MS, type CallContext } from './gated-call.js';
import type { ViewOptions } from './model-view.js';

/** How a tool's results pass the gate. `Call` is what the framework tells about one call. */
export interface WrapToolOptions<Call, T> {
  /** The closed contract every result is checked against. */
  readonly contract: ToolDefinition<T>;
  /** The gate (with its vault, when evidence is kept, and its audit sink). */
  readonly gate: Gate;
  /**
   * The trusted facts of each call besides its request id (tenant, limit, cursor, facts), or a function of the
   * call that returns them. The adapter creates the request id itself.
   */
  readonly context?: CallContext | ((call: Call) => CallContext | PromiseLike<CallContext>);
  /** Deadline of each call in milliseconds, from the tool's start to the end of reading its result; default 30 000. */
  readonly timeoutMs?: number;
  /** How accepted data is encoded inside its untrusted block (default `tags`). */
  readonly mode?: WrapMode;
}

/** The options, checked, in the form the adapters use. */
export interface ResolvedWrapOptions<Call, T> {
  readonly contract: ToolDefinition<T>;
  readonly gate: Gate;
  readonly timeoutMs: number;
  readonly view: ViewOptions;
  /** The context for one call (the function is called later, under the call's bounds). */
  contextOf(call: Call): CallContext | PromiseLike<CallContext>;
}

/** Checks the options; throws a TypeError naming the first one that is wrong. */
export function resolveWrapOptions<Call, T>(options: WrapToolOptions<Call, T>): ResolvedWrapOptions<Call, T> {
  const { contract, gate, context } = options;
  if (typeof gate !== 'object' || typeof (gate as Partial<Gate> | null)?.accept !== 'function')
    throw new TypeError('wrapTool needs a gate from createGate().');
  if (typeof contract !== 'object' || typeof (contract as { limits?: unknown } | null)?.limits !== 'object')
    throw new TypeError('wrapTool needs a contract from defineTool().');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS;
  assertTimeoutMs('timeoutMs', timeoutMs);
  const mode = options.mode ?? 'tags';
  if (!WRAP_MODES.includes(mode)) throw new TypeError(`mode must be one of ${WRAP_MODES.join(', ')}.`);
  const given: unknown = context;
  if (given === null || (given !== undefined && !['function', 'object'].includes(typeof given)))
    throw new TypeError('context must be an object or a function of the call.');
  const fixed: CallContext = typeof context === 'object' ? context : {};
  return {
    contract,
    gate,
    timeoutMs,
    view: { mode, maxBytes: contract.limits.output.safeMaxBytes },
    contextOf: (call) => (typeof context === 'function' ? context(call) : fixed),
  };
}

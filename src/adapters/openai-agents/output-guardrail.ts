// airlockOutputGuardrail: an OpenAI Agents tool output guardrail; the model sees the untrusted block or the typed error.
import type { ToolOutcome } from '../../vocabulary/outcome.js';
import { gatedCall } from '../gated-call.js';
import { modelView } from '../model-view.js';
import { resolveWrapOptions, type WrapToolOptions } from '../wrap-options.js';
import { guardrailOutputs } from './guardrail-outputs.js';

/**
 * What the SDK tells a tool guardrail about one call (the members read here of `ToolInputGuardrailData`), for a
 * `context` function. Written structurally, so this entry's types need no `@openai/agents` to compile.
 */
export interface AgentsToolCall<TContext = unknown> {
  /** The run context: `context.context` is the context given to `run(agent, input, { context })`. */
  readonly context: { readonly context: TContext };
  /** The agent whose tool ran. */
  readonly agent: { readonly name: string };
  /** The model's function call: the tool's name, the call id, the arguments as JSON text. */
  readonly toolCall: { readonly name: string; readonly callId: string; readonly arguments: string };
}

/** What the SDK hands an output guardrail: the call, and `output`, the raw value the tool's `execute` returned. */
export interface AgentsGuardrailData<TContext = unknown> extends AgentsToolCall<TContext> {
  readonly output: unknown;
}

/** The guardrail's `outputInfo`: the model's call id and the call's outcome (typed error, evidence reference). */
export interface AirlockGuardrailInfo<T> {
  readonly callId: string;
  readonly outcome: ToolOutcome<T>;
}

/** What the guardrail decides for every call: the output replaced by what the model may see. */
export interface AirlockGuardrailResult<T> {
  readonly behavior: { readonly type: 'rejectContent'; readonly message: string };
  readonly outputInfo: AirlockGuardrailInfo<T>;
}

/** A tool output guardrail (`ToolOutputGuardrailDefinition`), for a tool's `outputGuardrails`. */
export interface AirlockOutputGuardrail<TContext, T> {
  readonly type: 'tool_output';
  readonly name: string;
  run(data: AgentsGuardrailData<TContext>): Promise<AirlockGuardrailResult<T>>;
}

/** Options of {@link airlockOutputGuardrail}. */
export interface AirlockGuardrailOptions<TContext, T> extends WrapToolOptions<AgentsToolCall<TContext>, T> {
  /** The guardrail's name in `result.toolOutputGuardrailResults` (default `airlock`). */
  readonly name?: string;
}

/** The default guardrail name. */
const DEFAULT_NAME = 'airlock';

/**
 * A tool output guardrail that passes every output of the tool through the gate: `tool({ …, outputGuardrails:
 * [airlockOutputGuardrail({ contract, gate })] })`. The tool has already run, so the guardrail reads the raw value
 * its `execute` returned: a string as the body text, bytes, a stream, a fetch `Response` or a transport envelope
 * as they are, any other value as its JSON (a parsed value has lost duplicate-name evidence: return the body).
 * Each output is read under `timeoutMs` with a fresh request id and the trusted `context` (an object, or a
 * function of the call). It always answers `rejectContent`, so the model receives, in place of the output, the
 * accepted data as JSON in one untrusted block or `{"error":{"code":…,"retryable":…}}`; its `outputInfo`
 * ({@link AirlockGuardrailInfo}) carries the outcome, read from `result.toolOutputGuardrailResults`. The
 * replacement is a string: a tool that declares an `outputSchema` fails its run with `ToolCallError` (its output no
 * longer matches), so give gated tools none. `@openai/agents` is loaded on the first call, never at import. Throws
 * a TypeError for malformed options.
 */
export function airlockOutputGuardrail<TContext = unknown, T = unknown>(
  options: AirlockGuardrailOptions<TContext, T>,
): AirlockOutputGuardrail<TContext, T> {
  const settings = resolveWrapOptions(options);
  const name = options.name ?? DEFAULT_NAME;
  if (typeof name !== 'string' || name.length === 0) throw new TypeError('name must be a non-empty string.');
  return Object.freeze({
    type: 'tool_output' as const,
    name,
    async run(data: AgentsGuardrailData<TContext>): Promise<AirlockGuardrailResult<T>> {
      const { context, agent, toolCall, output } = data;
      const outcome = await gatedCall({
        gate: settings.gate,
        contract: settings.contract,
        timeoutMs: settings.timeoutMs,
        signal: undefined,
        context: () => settings.contextOf({ context, agent, toolCall }),
        run: () => output,
      });
      const outputs = await guardrailOutputs();
      const info: AirlockGuardrailInfo<T> = { callId: toolCall.callId, outcome };
      return outputs.rejectContent(modelView(outcome, settings.view).text, info) as AirlockGuardrailResult<T>;
    },
  });
}

// wrapTool for the AI SDK: a tool whose results pass the gate and reach the model as untrusted blocks or typed errors.
import type { InferToolInput, Tool } from 'ai';
import type { ToolOutcome } from '../../vocabulary/outcome.js';
import { gatedCall } from '../gated-call.js';
import { modelView } from '../model-view.js';
import { resolveWrapOptions } from '../wrap-options.js';
import { optionsWithRequestId, type AiCallOptions } from './call-request.js';
import { finalValue } from './final-value.js';
import type {
  AiGatedMembers,
  AiModelOutput,
  AiToolContext,
  AiWrapOptions,
  AiWrappedTool,
} from './tool-types.js';

/**
 * Wraps an AI SDK tool (`tool({ description, inputSchema, execute })`, AI SDK 6 or 7) so that every result
 * passes the gate. Each call gets a fresh request id (read it in `execute` with `requestIdOf(options)`), its
 * `context`, and an `abortSignal` that fires when the agent loop aborts or `timeoutMs` passes. What `execute`
 * returns is read as the raw result: bytes, a string, a stream, a fetch `Response` or a transport envelope as
 * they are; any other value as `JSON.stringify` writes it (so return the raw body: a parsed value has lost
 * duplicate-name evidence). A throwing `execute` ends as `upstream_error`, never as an exception in the agent
 * loop. The wrapped tool's output is the `ToolOutcome` (data, typed error, evidence reference); the model sees
 * it through `toModelOutput` only: the data as JSON in an untrusted block, or `{ error: { code, retryable } }`.
 * The tool's own `outputSchema` and `toModelOutput` are dropped (they describe the raw output); everything else
 * (an AI SDK 7 `contextSchema` included) is kept. Throws a TypeError for a tool without `execute` or malformed
 * options.
 */
export function wrapTool<TOOL extends Tool, T>(
  tool: TOOL,
  options: AiWrapOptions<InferToolInput<TOOL>, T, AiToolContext<TOOL>>,
): AiWrappedTool<TOOL, T> {
  type Input = InferToolInput<TOOL>;
  const settings = resolveWrapOptions(options);
  // The SDK's options reach execute as the SDK passed them (with the call's signal): their type is the SDK's.
  const execute = tool.execute as ((input: Input, options: AiCallOptions) => unknown) | undefined;
  if (typeof execute !== 'function') throw new TypeError('wrapTool needs a tool with an execute function.');
  const gated: AiGatedMembers<Input, AiCallOptions, T> = {
    execute: (input, call): Promise<ToolOutcome<T>> =>
      gatedCall({
        gate: settings.gate,
        contract: settings.contract,
        timeoutMs: settings.timeoutMs,
        signal: call.abortSignal,
        context: () =>
          settings.contextOf({
            toolCallId: call.toolCallId,
            input,
            context: call.context as AiToolContext<TOOL> | undefined,
            experimental_context: call.experimental_context,
          }),
        run: (requestId, signal) =>
          finalValue(execute.call(tool, input, optionsWithRequestId(call, requestId, signal)), signal),
      }),
    toModelOutput: ({ output }): AiModelOutput => {
      const view = modelView(output, settings.view);
      if (view.ok) return { type: 'text', value: view.text };
      return {
        type: 'error-json',
        value: { error: { code: view.error.code, retryable: view.error.retryable } },
      };
    },
  };
  const wrapped: Record<string, unknown> = { ...tool };
  // The raw output's schema and conversion describe what no longer reaches anyone.
  delete wrapped.outputSchema;
  Object.assign(wrapped, gated);
  return wrapped as AiWrappedTool<TOOL, T>;
}

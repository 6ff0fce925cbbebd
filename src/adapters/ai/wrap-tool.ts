// wrapTool for the AI SDK: a tool whose results pass the gate and reach the model as untrusted blocks or typed errors.
import type { Tool, ToolExecutionOptions } from 'ai';
import type { ToolOutcome } from '../../vocabulary/outcome.js';
import { gatedCall } from '../gated-call.js';
import { modelView } from '../model-view.js';
import { resolveWrapOptions, type WrapToolOptions } from '../wrap-options.js';
import { optionsWithRequestId } from './call-request.js';
import { finalValue } from './final-value.js';

/** What the AI SDK tells about one call, for a `context` function. */
export interface AiToolCall<INPUT> {
  readonly toolCallId: string;
  /** The input the model gave, after the SDK checked it against the tool's input schema. */
  readonly input: INPUT;
  /** The `experimental_context` the application passed to `generateText` or `streamText`. */
  readonly experimental_context: unknown;
}

/** Options of {@link wrapTool}. */
export type AiWrapOptions<INPUT, T> = WrapToolOptions<AiToolCall<INPUT>, T>;

/** What the SDK sends to the model for a tool result (the return type of a tool's `toModelOutput`). */
export type AiModelOutput = Awaited<ReturnType<NonNullable<Tool['toModelOutput']>>>;

/**
 * Wraps an AI SDK tool (`tool({ description, inputSchema, execute })`) so that every result passes the gate.
 * Each call gets a fresh request id (read it in `execute` with `requestIdOf(options)`), its `context`, and an
 * `abortSignal` that fires when the agent loop aborts or `timeoutMs` passes. What `execute` returns is read as
 * the raw result: bytes, a string, a stream, a fetch `Response` or a transport envelope as they are; any other
 * value as `JSON.stringify` writes it (so return the raw body: a parsed value has lost duplicate-name evidence).
 * A throwing `execute` ends as `upstream_error`, never as an exception in the agent loop. The wrapped tool's
 * output is the `ToolOutcome` (data, typed error, evidence reference); the model sees it through
 * `toModelOutput` only: the data as JSON in an untrusted block, or `{ error: { code, retryable } }`. The tool's
 * own `outputSchema` and `toModelOutput` are dropped (they describe the raw output). Throws a TypeError for a
 * tool without `execute` or malformed options.
 */
export function wrapTool<INPUT, OUTPUT, T>(
  tool: Tool<INPUT, OUTPUT>,
  options: AiWrapOptions<INPUT, T>,
): Tool<INPUT, ToolOutcome<T>> {
  const settings = resolveWrapOptions(options);
  const { execute } = tool;
  if (typeof execute !== 'function') throw new TypeError('wrapTool needs a tool with an execute function.');
  const run = (input: INPUT, call: ToolExecutionOptions): Promise<ToolOutcome<T>> =>
    gatedCall({
      gate: settings.gate,
      contract: settings.contract,
      timeoutMs: settings.timeoutMs,
      signal: call.abortSignal,
      context: () =>
        settings.contextOf({
          toolCallId: call.toolCallId,
          input,
          experimental_context: call.experimental_context,
        }),
      run: (requestId, signal) =>
        finalValue(execute.call(tool, input, optionsWithRequestId(call, requestId, signal)), signal),
    });
  const wrapped: Record<string, unknown> = { ...tool };
  // The raw output's schema and conversion describe what no longer reaches anyone.
  delete wrapped.outputSchema;
  delete wrapped.toModelOutput;
  Object.assign(wrapped, {
    execute: run,
    toModelOutput: ({ output }: { readonly output: unknown }): AiModelOutput => {
      const view = modelView(output, settings.view);
      if (view.ok) return { type: 'text', value: view.text };
      return {
        type: 'error-json',
        value: { error: { code: view.error.code, retryable: view.error.retryable } },
      };
    },
  });
  return wrapped as Tool<INPUT, ToolOutcome<T>>;
}

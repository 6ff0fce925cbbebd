// The types of the AI SDK adapter, written so that its declarations compile beside AI SDK 6 and beside AI SDK 7.
import type { InferToolInput, Tool } from 'ai';
import type { ToolOutcome } from '../../vocabulary/outcome.js';
import type { WrapToolOptions } from '../wrap-options.js';

/** What the AI SDK tells about one call, for a `context` function. `CONTEXT` is the tool's context type (SDK 7). */
export interface AiToolCall<INPUT, CONTEXT = unknown> {
  readonly toolCallId: string;
  /** The input the model gave, after the SDK checked it against the tool's input schema. */
  readonly input: INPUT;
  /**
   * AI SDK 7: the tool's own context, as its `contextSchema` declares it and `toolsContext` of `generateText` or
   * `streamText` gives it; `undefined` for a tool without a `contextSchema`, and in AI SDK 6.
   */
  readonly context: CONTEXT | undefined;
  /** AI SDK 6: the `experimental_context` passed to `generateText` or `streamText`; `undefined` in AI SDK 7. */
  readonly experimental_context: unknown;
}

/** Options of `wrapTool`. */
export type AiWrapOptions<INPUT, T, CONTEXT = unknown> = WrapToolOptions<AiToolCall<INPUT, CONTEXT>, T>;

/** What the SDK sends to the model for a tool result (the return type of a tool's `toModelOutput`). */
export type AiModelOutput = Awaited<ReturnType<NonNullable<Tool['toModelOutput']>>>;

/**
 * The options a tool's execute receives: `ToolExecutionOptions` in AI SDK 6, `ToolExecutionOptions<CONTEXT>`
 * with the tool's own context type in AI SDK 7 (read from a member every kind of tool has in both).
 */
export type AiExecuteOptions<TOOL extends Tool> = Parameters<NonNullable<TOOL['onInputStart']>>[0];

/** The type of a tool's own context (AI SDK 7, from its `contextSchema`); `undefined` in AI SDK 6. */
export type AiToolContext<TOOL extends Tool> =
  AiExecuteOptions<TOOL> extends { readonly context: infer CONTEXT } ? CONTEXT : undefined;

/**
 * The members a wrapped tool has in place of the given tool's `execute`, `outputSchema` and `toModelOutput`: its
 * output is the call's `ToolOutcome`, and what the model sees of it is an untrusted block or a typed error.
 */
export interface AiGatedMembers<INPUT, OPTIONS, T> {
  readonly execute: (input: INPUT, options: OPTIONS) => Promise<ToolOutcome<T>>;
  readonly toModelOutput: (options: {
    readonly toolCallId: string;
    readonly input: INPUT;
    readonly output: ToolOutcome<T>;
  }) => AiModelOutput;
}

/**
 * A tool wrapped by `wrapTool`: the given tool as it was (its kind, description, input schema and, in AI SDK 7,
 * its context schema, so `toolsContext` stays typed) with {@link AiGatedMembers} in place of its execute, output
 * schema and model conversion. Spread over each kind of tool the SDK's `Tool` type is a union of.
 */
export type AiWrappedTool<TOOL extends Tool, T> = TOOL extends unknown
  ? Omit<TOOL, 'execute' | 'outputSchema' | 'toModelOutput'> &
      AiGatedMembers<InferToolInput<TOOL>, AiExecuteOptions<TOOL>, T>
  : never;

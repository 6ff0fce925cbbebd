// Which request id a wrapped AI SDK tool call carries, readable by the tool's own execute function.

/**
 * What the adapter reads of the options the AI SDK passes to a tool's execute (`ToolExecutionOptions`). Written
 * here, not imported: the SDK's own type is not generic in AI SDK 6 and takes the tool's context type in AI SDK 7,
 * so no one spelling of it compiles beside both.
 */
export interface AiCallOptions {
  readonly toolCallId: string;
  readonly abortSignal?: AbortSignal | undefined;
  /** AI SDK 7: the tool's own context (declared by its `contextSchema`, given in `toolsContext`). */
  readonly context?: unknown;
  /** AI SDK 6: the `experimental_context` given to `generateText` or `streamText`. */
  readonly experimental_context?: unknown;
}

/** The options object each wrapped call hands to the tool → that call's request id. */
const REQUEST_IDS = new WeakMap<object, string>();

/**
 * The options the tool's execute receives for one call: the SDK's own, every member kept, with the call's
 * signal in place of the SDK's and remembered with its request id.
 */
export function optionsWithRequestId<Options extends AiCallOptions>(
  options: Options,
  requestId: string,
  abortSignal: AbortSignal,
): Options {
  const own: Options = { ...options, abortSignal };
  REQUEST_IDS.set(own, requestId);
  return own;
}

/**
 * The request id of the call whose options these are, inside the execute function of a tool wrapped by
 * `wrapTool`; `undefined` when the tool was not called through the wrapper. Pass the options object as the SDK
 * passed it (AI SDK 6 and 7 alike). Send the id upstream (an argument, a header) so that the result can echo it:
 * an envelope contract binds the result's `request_id` to it.
 */
export function requestIdOf(options: object): string | undefined {
  return REQUEST_IDS.get(options);
}

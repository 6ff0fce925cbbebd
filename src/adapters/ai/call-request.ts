// Which request id a wrapped AI SDK tool call carries, readable by the tool's own execute function.
import type { ToolExecutionOptions } from 'ai';

/** The options object each wrapped call hands to the tool → that call's request id. */
const REQUEST_IDS = new WeakMap<object, string>();

/** The options the tool's execute receives for one call, remembered with its request id. */
export function optionsWithRequestId(
  options: ToolExecutionOptions,
  requestId: string,
  abortSignal: AbortSignal,
): ToolExecutionOptions {
  const own: ToolExecutionOptions = { ...options, abortSignal };
  REQUEST_IDS.set(own, requestId);
  return own;
}

/**
 * The request id of the call whose options these are, inside the execute function of a tool wrapped by
 * `wrapTool`; `undefined` when the tool was not called through the wrapper. Send it upstream (an argument, a
 * header) so that the result can echo it: an envelope contract binds the result's `request_id` to it.
 */
export function requestIdOf(options: ToolExecutionOptions): string | undefined {
  return REQUEST_IDS.get(options);
}

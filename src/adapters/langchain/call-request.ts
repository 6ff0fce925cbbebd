// Which request id a wrapped LangChain tool call carries: a key of the run's `configurable`, set by the wrapper.
import type { ToolRunnableConfig } from '@langchain/core/tools';

/** The `configurable` key under which a wrapped call hands its request id to the tool. */
export const REQUEST_ID_KEY = 'airlockRequestId';

/**
 * The config the wrapped tool is invoked with: the caller's (callbacks, tags, metadata, `configurable` …) with
 * the call's own signal and request id, and without the tool call, so the tool returns its raw value rather than
 * a `ToolMessage`.
 */
export function configWithRequestId(
  config: ToolRunnableConfig,
  requestId: string,
  signal: AbortSignal,
): ToolRunnableConfig {
  const own: ToolRunnableConfig = {
    ...config,
    signal,
    configurable: { ...config.configurable, [REQUEST_ID_KEY]: requestId },
  };
  delete own.toolCall;
  return own;
}

/**
 * The request id of the call, inside a tool wrapped by `wrapTool` (its function's second argument is the run's
 * config); `undefined` when the tool was not called through the wrapper. Send it upstream so that the result can
 * echo it: an envelope contract binds the result's `request_id` to it.
 */
export function requestIdOf(config: ToolRunnableConfig | undefined): string | undefined {
  const id: unknown = config?.configurable?.[REQUEST_ID_KEY];
  return typeof id === 'string' ? id : undefined;
}

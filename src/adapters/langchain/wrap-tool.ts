// wrapTool for LangChain: a tool whose results pass the gate; the model gets an untrusted block or a typed error.
import {
  tool as defineLangChainTool,
  type StructuredToolInterface,
  type ToolRunnableConfig,
} from '@langchain/core/tools';
import type { ToolOutcome } from '../../vocabulary/outcome.js';
import { gatedCall } from '../gated-call.js';
import { modelView } from '../model-view.js';
import { resolveWrapOptions, type WrapToolOptions } from '../wrap-options.js';
import { configWithRequestId } from './call-request.js';

/** What LangChain tells about one call, for a `context` function. */
export interface LangChainToolCall {
  /** The model's tool-call id, when the tool was invoked with a tool call. */
  readonly toolCallId: string | undefined;
  /** The input, after LangChain checked it against the tool's schema. */
  readonly input: unknown;
  /** The run's config: `configurable` (thread, user, tenant …), `context`, metadata, tags. */
  readonly config: ToolRunnableConfig;
}

/** Options of {@link wrapTool}. */
export type LangChainWrapOptions<T> = WrapToolOptions<LangChainToolCall, T>;

/** What the wrapped tool's function returns to LangChain: the model's text, and the outcome as the artifact. */
type ContentAndArtifact<T> = [content: string, artifact: ToolOutcome<T>];

/**
 * Wraps a LangChain tool (`tool(fn, { name, schema, description })` or any `StructuredTool`) so that every
 * result passes the gate. The wrapper has the same name, description and schema, and the
 * `content_and_artifact` response format: invoked with a tool call it returns a `ToolMessage` whose `content`
 * is what the model sees (the data as JSON in an untrusted block, or `{"error":{"code":…,"retryable":…}}`) and
 * whose `artifact` is the `ToolOutcome` (data, typed error, evidence reference), which LangChain keeps from the
 * model; invoked with bare input it returns the content alone. Each call gets a fresh request id (read it in the tool with `requestIdOf(config)`), its `context`, and a
 * `signal` that fires when the run aborts or `timeoutMs` passes. The tool's return value is read as the raw
 * result: bytes, a string, a stream, a fetch `Response` or a transport envelope as they are; any other value
 * as `JSON.stringify` writes it (so return the raw body). A throwing tool ends as `upstream_error`. Throws a
 * TypeError for malformed options.
 */
export function wrapTool<SchemaT, SchemaInputT, T>(
  inner: StructuredToolInterface<SchemaT, SchemaInputT>,
  options: LangChainWrapOptions<T>,
): StructuredToolInterface<SchemaT, SchemaInputT, string> {
  const settings = resolveWrapOptions(options);
  if (typeof (inner as Partial<StructuredToolInterface> | null)?.invoke !== 'function')
    throw new TypeError('wrapTool needs a LangChain tool.');
  const run = async (input: unknown, config: ToolRunnableConfig): Promise<ContentAndArtifact<T>> => {
    const outcome = await gatedCall({
      gate: settings.gate,
      contract: settings.contract,
      timeoutMs: settings.timeoutMs,
      signal: config.signal,
      context: () => settings.contextOf({ toolCallId: config.toolCall?.id, input, config }),
      run: (requestId, signal) =>
        inner.invoke(input as never, configWithRequestId(config, requestId, signal)),
    });
    return [modelView(outcome, settings.view).text, outcome];
  };
  const wrapped = defineLangChainTool(run, {
    name: inner.name,
    description: inner.description,
    schema: inner.schema as never,
    responseFormat: 'content_and_artifact',
    returnDirect: inner.returnDirect,
  });
  return wrapped as unknown as StructuredToolInterface<SchemaT, SchemaInputT, string>;
}

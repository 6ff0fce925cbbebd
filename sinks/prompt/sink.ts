// The prompt sink in the shape every sink shares: trusted system text, then the outcome in the data slot.
import type { JsonValue } from '../../src/json/types.js';
import { SOURCE_PATTERN } from '../../src/taint/source.js';
import { plainData } from '../../src/taint/plain.js';
import { untrusted } from '../../src/taint/untrusted.js';
import type { Sink, SinkInput, SinkRendering } from '../shared/sink.js';
import type { WrapMode } from './boundary.js';
import { buildPrompt, type PromptMessage } from './build.js';

/** Options of the prompt sink. */
export interface PromptSinkOptions {
  /** Trusted system text placed before the data. */
  readonly system: readonly string[];
  /** Trusted instructions placed after the data. */
  readonly instructions?: readonly string[];
  /** How the data block is encoded (default `tags`). */
  readonly mode?: WrapMode;
}

/** The prompt: its messages as one text, and each message. */
export interface PromptRendering extends SinkRendering {
  readonly messages: readonly PromptMessage[];
}

/** The source label when a tool name is not a valid untrusted-source label on its own. */
const FALLBACK_SOURCE = 'tool';

/**
 * The prompt sink: builds a prompt whose data slot holds what the agent may see of the input — an accepted
 * outcome's data, a failure's `{ error: { code, retryable } }`, or a purposed value — wrapped as untrusted
 * under the tool's name. `text` is the messages joined by blank lines.
 */
export const promptSink: Sink<PromptSinkOptions, PromptRendering> = Object.freeze({
  render(input: SinkInput, options: PromptSinkOptions) {
    const source = 'ok' in input && SOURCE_PATTERN.test(input.meta.tool) ? input.meta.tool : FALLBACK_SOURCE;
    const built = buildPrompt({
      system: options.system,
      ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
      ...(options.mode === undefined ? {} : { mode: options.mode }),
      context: [untrusted(agentValue(input), source)],
    });
    const text = built.messages.map((message) => message.content).join('\n\n');
    return Promise.resolve({ text, findings: built.findings, messages: built.messages });
  },
});

function agentValue(input: SinkInput): JsonValue {
  if (!('ok' in input)) return plainData(input.value) as string;
  return (input.ok ? plainData(input.data) : { error: input.error }) as JsonValue;
}

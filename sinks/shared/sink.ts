// The one shape every sink has: an outcome (or one purposed value) and options in, a typed rendering out.
import type { Finding } from '../../src/vocabulary/finding.js';
import type { DisplayInput } from './plan.js';

/** What any sink renders: an outcome from the gate, or one string with its purpose. */
export type SinkInput = DisplayInput;

/** What any sink returns: its text for its own context, and what rendering changed, as findings. */
export interface SinkRendering {
  /** The rendered text: HTML, Markdown, prompt messages or one log line, each encoded for its own context. */
  readonly text: string;
  /** What the sink changed or refused while rendering (codes, counts, redacted pointers). */
  readonly findings: readonly Finding[];
}

/**
 * A sink. `render` never throws on content (configuration mistakes in `options` throw a TypeError) and is
 * asynchronous so that every sink can be driven alike; a sink may return more than the shared fields.
 */
export interface Sink<Options, Rendering extends SinkRendering = SinkRendering> {
  render(input: SinkInput, options: Options): Promise<Rendering>;
}

// The markdown sink in the shape every sink shares.
import type { DisplayOptions } from '../shared/display-options.js';
import type { Sink, SinkInput } from '../shared/sink.js';
import { renderOutcomeMarkdown } from './outcome.js';

/** The markdown sink: Markdown source in which only policy-allowed URLs are links (see `renderOutcomeMarkdown`). */
export const markdownSink: Sink<DisplayOptions> = Object.freeze({
  render(input: SinkInput, options: DisplayOptions) {
    const { markdown, findings } = renderOutcomeMarkdown(input, options);
    return Promise.resolve({ text: markdown, findings });
  },
});

// The html sink in the shape every sink shares.
import type { DisplayOptions } from '../shared/display-options.js';
import type { Sink, SinkInput } from '../shared/sink.js';
import { renderHtml } from './render-string.js';

/** The html sink: an HTML fragment for a chat UI (see `renderHtml`). */
export const htmlSink: Sink<DisplayOptions> = Object.freeze({
  async render(input: SinkInput, options: DisplayOptions) {
    const { html, findings } = await renderHtml(input, options);
    return { text: html, findings };
  },
});

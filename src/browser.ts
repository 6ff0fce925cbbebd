// The browser entry of the UI sinks: DOM rendering, Markdown, and the egress policy they are configured with.
import MarkdownIt from 'markdown-it';
import { provideMarkdownIt } from '../sinks/markdown/markdown-it.js';

// Bundled here: a browser cannot load markdown-it when Markdown is first rendered, as Node does.
provideMarkdownIt(MarkdownIt);

export { renderHtmlInto } from '../sinks/html/render-dom.js';
export type { HtmlRenderReport } from '../sinks/html/render-dom.js';
export type { DisplayInput, PurposedValue } from '../sinks/shared/plan.js';
export type { DisplayOptions } from '../sinks/shared/display-options.js';
export { TRUSTED_TYPES_POLICY_NAME } from '../sinks/shared/trusted-markup.js';
export { renderMarkdown } from '../sinks/markdown/render.js';
export type { MarkdownRendering } from '../sinks/markdown/render.js';
export { renderMarkdownInto } from '../sinks/markdown/render-dom.js';
export type { MarkdownRenderReport } from '../sinks/markdown/render-dom.js';
export { createMarkdownStream } from '../sinks/markdown/stream.js';
export type { MarkdownStream } from '../sinks/markdown/stream.js';
export { escapeMarkdown } from '../sinks/markdown/escape.js';
export { renderOutcomeMarkdown } from '../sinks/markdown/outcome.js';
export type { MarkdownOptions, ImageMode } from '../sinks/markdown/options.js';
export { defineEgressPolicy } from './egress/policy.js';
export type { EgressPolicy, EgressPolicyOptions } from './egress/policy.js';
export { checkUrl } from './egress/check-url.js';

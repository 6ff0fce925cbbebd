// The browser entry of the UI sinks: DOM rendering, Markdown, and the egress policy they are configured with.
export { renderHtmlInto } from './render-dom.js';
export type { HtmlRenderReport } from './render-dom.js';
export type { DisplayInput, PurposedValue } from './plan.js';
export type { DisplayOptions } from './display-options.js';
export { renderMarkdown } from '../markdown/render.js';
export type { MarkdownRendering } from '../markdown/render.js';
export { escapeMarkdown } from '../markdown/escape.js';
export { renderOutcomeMarkdown } from '../markdown/outcome.js';
export type { MarkdownOptions, ImageMode } from '../markdown/options.js';
export { defineEgressPolicy } from '../../src/egress/policy.js';
export type { EgressPolicy, EgressPolicyOptions } from '../../src/egress/policy.js';
export { checkUrl } from '../../src/egress/check-url.js';

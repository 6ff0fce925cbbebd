// The `agent-airlock/react` entry: ToolOutput, a React component over the html sink's DOM renderer.
export { ToolOutput } from './react/tool-output.js';
export type { ToolOutputProps } from './react/tool-output.js';
export { StreamingMarkdown } from './react/streaming-markdown.js';
export type { StreamingMarkdownProps } from './react/streaming-markdown.js';
export type { MarkdownRenderReport } from '../sinks/markdown/render-dom.js';
export type { HtmlRenderReport } from '../sinks/html/render-dom.js';

// The `agent-airlock/react` entry: ToolOutput, a React component over the html sink's DOM renderer.
export { ToolOutput } from './react/tool-output.js';
export type { ToolOutputProps } from './react/tool-output.js';
export type { HtmlRenderReport } from '../sinks/html/render-dom.js';

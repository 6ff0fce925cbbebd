// What a PostToolUse hook prints: the tool output replaced by what a model may see of it, in the tool's own form.

/** The prefix of an MCP tool's name in Claude Code (`mcp__<server>__<tool>`). */
const MCP_PREFIX = 'mcp__';

/**
 * The hook's answer as one JSON line: `hookSpecificOutput.updatedToolOutput` holds `text` (the untrusted block or
 * the typed error). For an MCP tool it is one text content block, as MCP tools answer, and is repeated in
 * `updatedMCPToolOutput`, the only field Claude Code before 2.1.121 reads; for any other tool it is the string.
 * When the tool is not known (the input could not be read), both fields carry the string.
 */
export function postToolUseAnswer(text: string, toolName: string | undefined): string {
  const mcp = toolName === undefined || toolName.startsWith(MCP_PREFIX);
  const replacement = toolName !== undefined && mcp ? [{ type: 'text', text }] : text;
  const output = {
    hookEventName: 'PostToolUse',
    updatedToolOutput: replacement,
    ...(mcp ? { updatedMCPToolOutput: replacement } : {}),
  };
  return `${JSON.stringify({ hookSpecificOutput: output })}\n`;
}

/** True for the name of an MCP tool. */
export function isMcpTool(toolName: string): boolean {
  return toolName.startsWith(MCP_PREFIX);
}

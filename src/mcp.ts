// The `agent-airlock/mcp` entry: an MCP client whose tool results pass the gate, over a bounded transport.
export { createMcpToolClient } from './mcp/tool-client.js';
export type { McpToolClient, McpToolClientOptions, McpToolResult } from './mcp/tool-client.js';
export { boundTransport, RESULT_TOO_LARGE_CODE } from './mcp/bounded-transport.js';

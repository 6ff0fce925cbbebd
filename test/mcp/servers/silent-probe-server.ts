// A real MCP server (1.x SDK, stdio) that leaves the 2026-07-28 version probe (`server/discover`) unanswered.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

const server = new McpServer({ name: 'silent-probe', version: '1.0.0' });
server.registerTool('greet', { description: 'Greets.' }, () => ({
  content: [{ type: 'text', text: 'hello' }],
}));
const transport = new StdioServerTransport();
await server.connect(transport);
// Some servers ignore a method they do not know, before `initialize` and after: this one drops the probe.
const deliver = transport.onmessage;
transport.onmessage = (message: JSONRPCMessage) => {
  if ('method' in message && message.method === 'server/discover') return;
  deliver?.(message);
};

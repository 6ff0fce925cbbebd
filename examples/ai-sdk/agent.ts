// An AI SDK agent loop (with the SDK's mock model) whose ticket tool talks to a compromised service, through Airlock.
import { createGate, memoryAuditSink } from 'agent-airlock';
import { boundaryNotice, requestIdOf, wrapTool } from 'agent-airlock/ai';
import { generateText, stepCountIs, tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { z } from 'zod';
import { ticketContract, ticketService } from '../shared/ticket-service.js';

// The tool as an application writes it: it sends the request id upstream and returns the raw response.
const lookup = tool({
  description: 'Looks up a support ticket by id.',
  inputSchema: z.object({ id: z.string() }),
  execute: ({ id }, options) => ticketService(id, requestIdOf(options) ?? ''),
});

// Every result passes the gate; the model sees an untrusted block or a typed error, the application the outcome.
const gate = createGate({ audit: memoryAuditSink() });
const tools = {
  ticket_lookup: wrapTool(lookup, { contract: ticketContract, gate, context: { tenant: 'acme' } }),
};

// A scripted model: it asks for three tickets at once, then answers.
const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};
const call = (id: string) =>
  ({ type: 'tool-call', toolCallId: id, toolName: 'ticket_lookup', input: JSON.stringify({ id }) }) as const;
const model = new MockLanguageModelV3({
  doGenerate: [
    {
      content: [call('T-1'), call('T-2'), call('T-3')],
      finishReason: { unified: 'tool-calls', raw: undefined },
      usage,
      warnings: [],
    },
    {
      content: [{ type: 'text', text: 'Summarised.' }],
      finishReason: { unified: 'stop', raw: undefined },
      usage,
      warnings: [],
    },
  ],
});

const result = await generateText({
  model,
  system: `You help with support tickets. ${boundaryNotice('tags')}`,
  prompt: 'Summarise tickets T-1, T-2 and T-3.',
  tools,
  stopWhen: stepCountIs(3),
});

console.log('What the model received:');
for (const message of model.doGenerateCalls[1]?.prompt ?? [])
  if (message.role === 'tool')
    for (const part of message.content)
      if (part.type === 'tool-result') console.log(`${part.toolCallId} ${JSON.stringify(part.output)}`);

console.log('What the application holds:');
for (const part of result.steps[0]?.toolResults ?? []) {
  if (part.dynamic === true) continue; // only static tools here; `output` is then the tool's ToolOutcome
  const { toolCallId, output } = part;
  console.log(
    `${toolCallId} ${output.ok ? `accepted ${output.data.status}` : `rejected ${output.error.code}`}`,
  );
}
console.log(`Answer: ${result.text}`);

// A LangChain agent loop (with LangChain's fake model) whose ticket tool talks to a compromised service, through Airlock.
import { createGate, memoryAuditSink, type ToolOutcome } from 'agent-airlock';
import { boundaryNotice, requestIdOf, wrapTool } from 'agent-airlock/langchain';
import {
  AIMessage,
  HumanMessage,
  SystemMessage,
  ToolMessage,
  type BaseMessage,
} from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { tool } from '@langchain/core/tools';
import { z } from 'zod';
import { ticketContract, ticketService, type Ticket } from '../shared/ticket-service.js';

// The tool as an application writes it: it sends the request id upstream and returns the raw response.
const lookup = tool(({ id }, config) => ticketService(id, requestIdOf(config) ?? ''), {
  name: 'ticket_lookup',
  description: 'Looks up a support ticket by id.',
  schema: z.object({ id: z.string() }),
});

// Every result passes the gate: the ToolMessage's content is what the model sees, its artifact the outcome.
const gate = createGate({ audit: memoryAuditSink() });
const tools = [wrapTool(lookup, { contract: ticketContract, gate, context: { tenant: 'acme' } })];

// A scripted model: it asks for three tickets at once, then answers.
const model = fakeModel()
  .respondWithTools(['T-1', 'T-2', 'T-3'].map((id) => ({ name: 'ticket_lookup', args: { id }, id })))
  .respond(new AIMessage('Summarised.'));
const agent = model.bindTools(tools);

// The agent loop: call the model, run each tool call it asks for, until it answers.
const messages: BaseMessage[] = [
  new SystemMessage(`You help with support tickets. ${boundaryNotice('tags')}`),
  new HumanMessage('Summarise tickets T-1, T-2 and T-3.'),
];
for (let step = 0; step < 3; step++) {
  const reply = await agent.invoke(messages);
  messages.push(reply);
  if (reply.tool_calls === undefined || reply.tool_calls.length === 0) break;
  for (const call of reply.tool_calls) {
    const chosen = tools.find((candidate) => candidate.name === call.name);
    if (chosen !== undefined) messages.push(await chosen.invoke(call));
  }
}

console.log('What the model received:');
const results = (model.calls[1]?.messages ?? []).filter((message) => message instanceof ToolMessage);
for (const message of results) console.log(`${message.tool_call_id} ${JSON.stringify(message.content)}`);

console.log('What the application holds:');
for (const message of results) {
  const outcome = message.artifact as ToolOutcome<Ticket>;
  console.log(
    `${message.tool_call_id} ${outcome.ok ? `accepted ${outcome.data.status}` : `rejected ${outcome.error.code}`}`,
  );
}
console.log(`Answer: ${messages.at(-1)?.text ?? ''}`);

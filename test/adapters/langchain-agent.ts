// A LangChain agent loop over LangChain's own fake tool-calling model: one tool call, then a final answer.
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import type { StructuredToolInterface } from '@langchain/core/tools';

/** Runs the loop: the model calls `ticket_lookup` (call `call-1`), each tool call is invoked, the model answers. */
export async function runLangChainAgent(lookup: StructuredToolInterface, signal?: AbortSignal) {
  const model = fakeModel()
    .respondWithTools([{ name: 'ticket_lookup', args: { id: 'T-42' }, id: 'call-1' }])
    .respond(new AIMessage('Done.'));
  const agent = model.bindTools([lookup]);
  const messages: BaseMessage[] = [new HumanMessage('What is the state of ticket T-42?')];
  for (let step = 0; step < 4; step++) {
    const reply = await agent.invoke(messages, signal === undefined ? {} : { signal });
    messages.push(reply);
    const calls = reply.tool_calls ?? [];
    if (calls.length === 0) break;
    for (const call of calls)
      messages.push((await lookup.invoke(call, signal === undefined ? {} : { signal })) as ToolMessage);
  }
  const toolMessage = model.calls[1]?.messages.at(-1);
  if (!(toolMessage instanceof ToolMessage))
    throw new Error('the second step did not end with a tool message');
  return { model, messages, toolMessage, answer: messages.at(-1)?.content };
}

// A scripted AI SDK model (the SDK's own MockLanguageModelV3): one tool call, then a final answer.
import { MockLanguageModelV3 } from 'ai/test';

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** A mock model whose first step calls `toolName` with `input` (as call `call-1`) and whose second step answers. */
export function scriptedModel(toolName: string, input: object): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doGenerate: [
      {
        content: [{ type: 'tool-call', toolCallId: 'call-1', toolName, input: JSON.stringify(input) }],
        finishReason: { unified: 'tool-calls', raw: undefined },
        usage,
        warnings: [],
      },
      {
        content: [{ type: 'text', text: 'Done.' }],
        finishReason: { unified: 'stop', raw: undefined },
        usage,
        warnings: [],
      },
    ],
  });
}

/** The tool-result part the model received in its second step (what the tool call came back as). */
export function secondStepToolResult(model: MockLanguageModelV3): unknown {
  const prompt = model.doGenerateCalls[1]?.prompt ?? [];
  const message = prompt.at(-1);
  if (message?.role !== 'tool') throw new Error('the second step did not end with a tool message');
  return message.content[0];
}

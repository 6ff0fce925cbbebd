// With the default types, prose from an accepted outcome cannot be put into a trusted prompt slot; sinks take it.
import { expectTypeOf, test } from 'vitest';
import { buildPrompt } from '../../sinks/prompt/build.js';
import { wrapUntrusted } from '../../sinks/prompt/wrap.js';
import { defineTool, type ToolDefinition } from '../../src/contract/define-tool.js';
import type { Gate } from '../../src/gate/create-gate.js';
import { revealUntrusted } from '../../src/taint/reveal.js';
import { isUntrusted, type Untrusted } from '../../src/taint/untrusted.js';
import { reviewTool } from './review-tool.js';

declare const gate: Gate;
const context = { requestId: 'req.00000001' };

const zodTool = reviewTool;

/** What a JSON contract states, as the README writes it. */
interface ReviewStatus {
  readonly change: string;
  readonly note: Untrusted<string>;
}
declare const jsonTool: ToolDefinition<ReviewStatus>;

test('a zod contract: the note is untrusted, refused in system and instructions, taken by the data slot', async () => {
  const outcome = await gate.accept(zodTool, '', context);
  if (!outcome.ok) return;
  expectTypeOf(outcome.data.note).toEqualTypeOf<Untrusted<string>>();
  expectTypeOf(outcome.data.change).toEqualTypeOf<string>();
  // @ts-expect-error prose from a tool is not trusted system text
  buildPrompt({ system: [outcome.data.note] });
  // @ts-expect-error nor a trusted instruction
  buildPrompt({ system: ['ok'], instructions: [outcome.data.note] });
  buildPrompt({ system: [`Change ${outcome.data.change}`], context: [outcome.data.note] });
  expectTypeOf(wrapUntrusted(outcome.data.note)).toEqualTypeOf<string>();
  expectTypeOf(revealUntrusted(outcome.data.note)).toEqualTypeOf<string>();
});

test('a JSON contract with its stated type refuses the same', async () => {
  const outcome = await gate.accept(jsonTool, '', context);
  if (!outcome.ok) return;
  // @ts-expect-error prose from a tool is not trusted system text
  buildPrompt({ system: [outcome.data.note] });
  // @ts-expect-error a wrapper has no readable value member
  buildPrompt({ system: [outcome.data.note.value] });
});

test('a JSON contract with no stated type: its strings may be untrusted, so none is trusted text', async () => {
  const outcome = await gate.accept(
    defineTool({ name: 'plain', version: 'plain.v1', schema: {} }),
    '',
    context,
  );
  if (!outcome.ok) return;
  const { data } = outcome;
  if (typeof data !== 'object' || data === null || Array.isArray(data) || isUntrusted(data)) return;
  const note = data.note;
  // @ts-expect-error it may be an Untrusted<string>
  buildPrompt({ system: [note] });
  expectTypeOf<Untrusted<string>>().toExtend<typeof note>();
});

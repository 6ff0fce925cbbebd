// The data type of an outcome is inferred from a zod contract and its projection, with prose untrusted.
import { z } from 'zod';
import { expectTypeOf, test } from 'vitest';
import { defineTool, type ToolDefinition } from '../../src/contract/define-tool.js';
import { outcomeEnvelope } from '../../src/contract/envelopes.js';
import { purpose } from '../../src/contract/zod-purpose.js';
import type { Gate } from '../../src/gate/create-gate.js';
import type { Untrusted } from '../../src/taint/untrusted.js';

const note = purpose.text(z.string().max(500));
const change = purpose.id(
  z
    .string()
    .regex(/^CR-[0-9]+$/)
    .max(13),
);

test('a zod schema gives the data type, with text and html untrusted', () => {
  const tool = defineTool({
    name: 'review',
    version: 'review.v1',
    schema: z.object({
      change,
      decision: z.enum(['approved', 'rejected']),
      note,
      body: purpose.html(z.string().max(9)).optional(),
    }),
  });
  expectTypeOf(tool).toEqualTypeOf<
    ToolDefinition<{
      change: string;
      decision: 'approved' | 'rejected';
      note: Untrusted<string>;
      body?: Untrusted<string> | undefined;
    }>
  >();
});

test('a projection over an envelope with zod data is typed by its pointers', () => {
  const tool = defineTool({
    name: 'review_status',
    version: 'review_status.v1',
    ...outcomeEnvelope({
      tool: 'review_status',
      errorCodes: ['NOT_FOUND'],
      data: z.object({ change_id: change, note, reviewers: z.array(z.object({ name: note })).max(3) }),
    }),
    project: {
      change: '/data/change_id',
      note: '/data/note',
      names: { from: '/data/reviewers', each: '/name' },
    },
  });
  expectTypeOf(tool).toEqualTypeOf<
    ToolDefinition<{
      readonly change: string;
      readonly note: Untrusted<string>;
      readonly names: Untrusted<string>[];
    }>
  >();
  const gate = null as unknown as Gate;
  expectTypeOf(gate.accept(tool, '', { requestId: 'req.00000001' })).resolves.toExtend<
    { ok: true; data: { readonly note: Untrusted<string> } } | { ok: false }
  >();
});

test('a JSON Schema contract states its type, or gets JsonValue', () => {
  const schema = { type: 'object', properties: {}, additionalProperties: false } as const;
  const stated = defineTool<{ readonly n: number }>({ name: 'stated', version: 'stated.v1', schema });
  expectTypeOf(stated).toEqualTypeOf<ToolDefinition<{ readonly n: number }>>();
  const plain = defineTool({ name: 'plain', version: 'plain.v1', schema });
  expectTypeOf(plain).toEqualTypeOf<ToolDefinition>();
});

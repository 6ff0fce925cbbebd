// zod schemas as contracts: exported by zod, held to the same rules as JSON Schema, purposes from the helpers.
import { z } from 'zod';
import { describe, expect, test } from 'vitest';
import { memoryAuditSink } from '../../src/audit/sinks.js';
import { defineTool } from '../../src/contract/define-tool.js';
import { purpose } from '../../src/contract/zod-purpose.js';
import { createGate } from '../../src/gate/create-gate.js';
import { ContractError } from '../../src/vocabulary/contract-error.js';

const refused = (schema: object): string => {
  try {
    defineTool({ name: 'z', version: 'z.v1', schema });
  } catch (error) {
    if (error instanceof ContractError) return error.code;
    throw error;
  }
  return 'accepted';
};

describe('zod contracts are held to the contract rules', () => {
  test.each([
    ['an open object', z.looseObject({ a: z.number() }), 'contract.open_object'],
    ['a string without maxLength', z.object({ a: purpose.text(z.string()) }), 'contract.unbounded_string'],
    ['a string without a purpose', z.object({ a: z.string().max(3) }), 'contract.missing_purpose'],
    ['an array without maxItems', z.object({ a: z.array(z.number()) }), 'contract.unbounded_array'],
    ['a type JSON Schema cannot express', z.object({ a: z.date() }), 'contract.invalid_schema'],
    ['an id without a pattern', z.object({ a: purpose.id(z.string().max(4)) }), 'contract.invalid_purpose'],
  ])('%s is refused', (_what, schema, code) => {
    expect(refused(schema)).toBe(code);
  });

  test('a closed, bounded, purposed schema is accepted and validates like its JSON Schema', async () => {
    const tool = defineTool({
      name: 'ticket',
      version: 'ticket.v1',
      schema: z.object({
        id: purpose.id(
          z
            .string()
            .regex(/^T-[0-9]{1,6}$/)
            .max(8),
        ),
        title: purpose.text(z.string().min(1).max(80)),
        status: z.enum(['open', 'closed']),
      }),
    });
    const gate = createGate({ audit: memoryAuditSink() });
    const ok = await gate.accept(tool, '{"id":"T-1","title":"Login fails","status":"open"}', {
      requestId: 'req.00000001',
    });
    expect(ok).toMatchObject({
      ok: true,
      meta: { purposes: { '/id': 'id', '/title': 'text', '/status': 'enum' } },
    });
    const extra = await gate.accept(tool, '{"id":"T-1","title":"x","status":"open","admin_override":true}', {
      requestId: 'req.00000001',
    });
    expect(extra).toMatchObject({ ok: false, error: { code: 'schema_mismatch' } });
  });
});

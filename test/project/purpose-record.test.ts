// The purposes of a projection: recorded in copy order, built into a pointer map once, when first read.
import { expect, test, vi } from 'vitest';
import { createGate } from '../../src/gate/create-gate.js';
import { defineTool } from '../../src/contract/define-tool.js';
import { PurposeRecord, withPurposes } from '../../src/project/purpose-record.js';

test('the map keeps copy order, a null prototype, and the last purpose of a pointer recorded twice', () => {
  const record = new PurposeRecord();
  record.add('/b', 'text');
  record.add('/a', 'id');
  record.add('/b', 'enum');
  const map = record.toMap();
  expect(Object.getPrototypeOf(map)).toBeNull();
  expect(Object.entries(map)).toEqual([
    ['/b', 'enum'],
    ['/a', 'id'],
  ]);
});

test('the map is built on the first read only, and every read gives the same object', () => {
  const record = new PurposeRecord();
  record.add('/title', 'text');
  const build = vi.spyOn(record, 'toMap');
  const meta = withPurposes({ tool: 't' }, record);
  expect(build).not.toHaveBeenCalled();
  const first = meta.purposes;
  expect(meta.purposes).toBe(first);
  expect(build).toHaveBeenCalledTimes(1);
  expect(Object.keys(meta)).toEqual(['tool', 'purposes']);
  expect(JSON.parse(JSON.stringify(meta))).toEqual({ tool: 't', purposes: { '/title': 'text' } });
  expect({ ...meta }.purposes).toBe(first);
  expect(() => {
    (meta as { purposes: unknown }).purposes = {};
  }).toThrow(TypeError);
});

test('an accepted outcome carries every purpose in meta, in JSON and through a spread', async () => {
  const tool = defineTool({
    name: 'notes',
    version: 'v1',
    schema: {
      type: 'object',
      properties: {
        id: { type: 'string', pattern: '^n-[0-9]{1,5}$', maxLength: 20, 'x-purpose': 'id' },
        notes: { type: 'array', maxItems: 5, items: { type: 'string', maxLength: 50, 'x-purpose': 'text' } },
      },
      additionalProperties: false,
    },
  });
  const gate = createGate({ audit: { write: () => undefined } });
  const outcome = await gate.accept(tool, JSON.stringify({ id: 'n-1', notes: ['a', 'b'] }), {
    requestId: 'req.00000001',
  });
  if (!outcome.ok) throw new Error(outcome.error.code);
  const expected = { '/id': 'id', '/notes/0': 'text', '/notes/1': 'text' };
  expect({ ...outcome.meta.purposes }).toEqual(expected);
  expect(JSON.parse(JSON.stringify(outcome)).meta.purposes).toEqual(expected);
  expect({ ...outcome.meta }.purposes).toBe(outcome.meta.purposes);
});

// A projection pointer to something the schema does not declare is refused when the tool is defined.
import { z } from 'zod';
import { describe, expect, test } from 'vitest';
import { defineTool } from '../../src/contract/define-tool.js';
import { outcomeEnvelope } from '../../src/contract/envelopes.js';
import { purpose } from '../../src/contract/zod-purpose.js';
import { ContractError } from '../../src/vocabulary/contract-error.js';
import { reviewStatusContract, reviewStatusData } from '../support/contracts.js';

const flat = {
  type: 'object',
  required: ['a'],
  properties: {
    a: { type: 'string', maxLength: 8, 'x-purpose': 'text' },
    items: {
      type: 'array',
      maxItems: 4,
      items: {
        type: 'object',
        properties: { id: { type: 'string', pattern: '^[0-9]+$', maxLength: 4, 'x-purpose': 'id' } },
        additionalProperties: false,
      },
    },
    meta: {
      type: 'object',
      maxProperties: 2,
      propertyNames: { maxLength: 8 },
      patternProperties: { '^[a-z]{1,8}$': { type: 'integer' } },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
} as const;

/** The error `defineTool` throws for a projection, or `undefined` when it accepts it. */
function refusal(schema: object, project: object): ContractError | undefined {
  try {
    defineTool({ name: 't', version: 't.v1', schema, project: project as never });
    return undefined;
  } catch (error) {
    if (error instanceof ContractError) return error;
    throw error;
  }
}

describe('projection pointers against the schema', () => {
  test.each([
    ['a member the object does not have', { x: '/b' }, '/b', '/project/x'],
    ['a member under a string', { x: '/a/length' }, '/a/length', '/project/x'],
    ['a map member its pattern refuses', { x: '/meta/Upper' }, '/meta/Upper', '/project/x'],
    [
      'an item member the items do not have',
      { x: { from: '/items', each: '/name' } },
      '/name',
      '/project/x/each',
    ],
    ['a list the schema does not have', { x: { from: '/list', each: '/id' } }, '/list', '/project/x/from'],
    [
      'a nested projection field',
      { x: { from: '/items', each: { n: '/nope' } } },
      '/nope',
      '/project/x/each/n',
    ],
  ])('%s is a ContractError naming the pointer', (_what, project, pointer, location) => {
    const error = refusal(flat, project);
    expect(error?.code).toBe('contract.invalid_projection');
    expect(error?.location).toBe(location);
    expect(error?.message).toContain(`"${pointer}"`);
  });

  test.each([
    ['a declared member', { x: '/a' }],
    ['an item by index and its member', { first: '/items/0/id' }],
    ['every item', { ids: { from: '/items', each: '/id' } }],
    ['a member of a map (patternProperties)', { n: '/meta/anything' }],
    ['the whole value', { all: '' }],
  ])('%s is accepted', (_what, project) => {
    expect(refusal(flat, project)).toBeUndefined();
  });

  test('through an envelope: a oneOf branch and a $ref to its data', () => {
    const { name, version, ...rest } = reviewStatusContract;
    expect(() => defineTool({ name, version, ...rest })).not.toThrow();
    const envelope = outcomeEnvelope({ tool: 't', data: reviewStatusData, errorCodes: ['E'] });
    expect(refusal(envelope.schema, { code: '/error/code', change: '/data/change_id' })).toBeUndefined();
    expect(refusal(envelope.schema, { change: '/data/change' })?.message).toContain('"/data/change"');
  });

  test('a zod contract: a misspelt member is refused, not typed undefined', () => {
    const schema = z.object({ title: purpose.text(z.string().max(80)), n: z.number().int() });
    expect(refusal(schema, { title: '/title' })).toBeUndefined();
    const error = refusal(schema, { title: '/titel' });
    expect(error).toBeInstanceOf(ContractError);
    expect(error?.message).toMatch(/"\/titel" names nothing the schema declares/);
  });
});

// definePermissions requires closed argument schemas: an open object anywhere is a typed configuration error.
import { describe, expect, it } from 'vitest';
import { decide } from '../../src/calls/decide.js';
import { definePermissions } from '../../src/calls/permissions.js';
import { createSession } from '../../src/calls/session.js';
import { ContractError } from '../../src/vocabulary/contract-error.js';

const URL_ARGUMENT = { type: 'string', format: 'uri', maxLength: 2048 } as const;

/** A catalogue of one network tool with the given input schema. */
const catalogue = (inputSchema: object) =>
  definePermissions({
    capabilities: ['network'],
    tools: { fetch_url: { inputSchema, requires: ['network'], effect: 'network' } },
  });

/** The refusal `definePermissions` throws for a schema, as code and location. */
function refusal(inputSchema: object): { code: string; location: string } | undefined {
  try {
    catalogue(inputSchema);
    return undefined;
  } catch (error: unknown) {
    if (!(error instanceof ContractError)) throw error;
    return { code: error.code, location: error.location };
  }
}

describe('closed argument schemas', () => {
  it('refuses fetch_url with an open headers object, naming where', () => {
    const open = {
      type: 'object',
      required: ['url'],
      properties: { url: URL_ARGUMENT, headers: { type: 'object' } },
      additionalProperties: false,
    };
    expect(() => catalogue(open)).toThrow(ContractError);
    expect(refusal(open)).toEqual({
      code: 'contract.open_object',
      location: '/tools/fetch_url/inputSchema/properties/headers',
    });
  });

  it.each([
    ['an open root', { type: 'object', properties: { url: URL_ARGUMENT } }, ''],
    ['the schema true', true, ''],
    ['an empty schema', {}, ''],
    ['a member that accepts anything', objectOf({ extra: {} }), '/properties/extra'],
    ['a member true', objectOf({ extra: true }), '/properties/extra'],
    [
      'an open object in an array',
      objectOf({ list: { type: 'array', maxItems: 4, items: { type: 'object' } } }),
      '/properties/list/items',
    ],
    [
      'an open object in a branch',
      objectOf({ x: { anyOf: [{ type: 'object' }, { type: 'string' }] } }),
      '/properties/x/anyOf/0',
    ],
    [
      'an open object behind a $ref',
      { ...objectOf({ x: { $ref: '#/$defs/bag' } }), $defs: { bag: { type: 'object' } } },
      '/properties/x/$ref',
    ],
  ])('refuses %s', (_title, schema, location) => {
    expect(refusal(schema as object)).toEqual({
      code: 'contract.open_object',
      location: `/tools/fetch_url/inputSchema${location}`,
    });
  });

  it.each([
    ['additionalProperties: false', objectOf({ url: URL_ARGUMENT })],
    [
      'unevaluatedProperties: false over a composition',
      {
        type: 'object',
        allOf: [{ type: 'object', properties: { url: URL_ARGUMENT } }],
        unevaluatedProperties: false,
      },
    ],
    [
      'a closed object behind a $ref',
      { ...objectOf({ x: { $ref: '#/$defs/pair' } }), $defs: { pair: objectOf({ a: { type: 'integer' } }) } },
    ],
    ['an enum member', objectOf({ mode: { enum: ['get', 'head'] } })],
  ])('accepts %s', (_title, schema) => {
    expect(refusal(schema)).toBeUndefined();
  });

  it('so extra arguments can no longer be smuggled: a call with headers is denied, not allowed', () => {
    const permissions = catalogue(objectOf({ url: URL_ARGUMENT }));
    const session = createSession(permissions, {
      id: 'run-closed',
      grant: ['network'],
      allowlist: ['fetch_url'],
    });
    const call = { tool: 'fetch_url', arguments: { url: 'https://example.com/', headers: { cookie: 'x' } } };
    expect(decide(call, session)).toMatchObject({ decision: 'deny', reason: 'arguments_invalid' });
  });

  it('still reports what ajv refuses as a TypeError', () => {
    expect(() => catalogue({ type: 'object', additionalProperties: false, nope: 1 })).toThrow(TypeError);
  });
});

function objectOf(properties: Record<string, unknown>): object {
  return { type: 'object', properties, additionalProperties: false };
}

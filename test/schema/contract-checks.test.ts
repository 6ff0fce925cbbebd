// defineTool refuses unsafe contracts at definition time, each with its own stable code.
import { describe, expect, test } from 'vitest';
import { defineTool } from '../../src/contract/define-tool.js';
import { ContractError, type ContractErrorCode } from '../../src/vocabulary/contract-error.js';
import { outcomeEnvelope } from '../../src/contract/envelopes.js';
import { reviewStatusData } from '../support/contracts.js';

const id = { type: 'string', pattern: '^[a-z]{1,8}$', maxLength: 8, 'x-purpose': 'id' };

function refusal(schema: object): ContractErrorCode | 'accepted' {
  try {
    defineTool({ name: 't', version: 'v1', schema });
    return 'accepted';
  } catch (error) {
    if (error instanceof ContractError) return error.code;
    throw error;
  }
}

function object(properties: Record<string, unknown>, extra: Record<string, unknown> = {}): object {
  return { type: 'object', properties, additionalProperties: false, ...extra };
}

describe('contract checks', () => {
  const cases: Array<[string, object, ContractErrorCode | 'accepted']> = [
    ['a closed object with bounded, purposed strings', object({ a: id }), 'accepted'],
    [
      'an object without additionalProperties: false',
      { type: 'object', properties: { a: id } },
      'contract.open_object',
    ],
    [
      'additionalProperties as a schema (a free-form map)',
      { type: 'object', additionalProperties: id },
      'contract.open_object',
    ],
    ['a nested open object', object({ a: { type: 'object', properties: {} } }), 'contract.open_object'],
    [
      'an open object reached through $ref',
      { ...object({ a: { $ref: '#/$defs/o' } }), $defs: { o: { type: 'object' } } },
      'contract.open_object',
    ],
    [
      'a string without maxLength',
      object({ a: { type: 'string', 'x-purpose': 'text' } }),
      'contract.unbounded_string',
    ],
    ['a string without purpose', object({ a: { type: 'string', maxLength: 4 } }), 'contract.missing_purpose'],
    [
      'an id without pattern or format',
      object({ a: { type: 'string', maxLength: 4, 'x-purpose': 'id' } }),
      'contract.invalid_purpose',
    ],
    [
      'an enum purpose without enum',
      object({ a: { type: 'string', maxLength: 4, 'x-purpose': 'enum' } }),
      'contract.invalid_purpose',
    ],
    [
      'a purpose on a number',
      object({ a: { type: 'number', 'x-purpose': 'id' } }),
      'contract.invalid_purpose',
    ],
    [
      'an unknown purpose name',
      object({ a: { type: 'string', maxLength: 4, 'x-purpose': 'code' } }),
      'contract.invalid_purpose',
    ],
    ['an array without maxItems', object({ a: { type: 'array', items: id } }), 'contract.unbounded_array'],
    [
      'items that accept anything',
      object({ a: { type: 'array', maxItems: 3, items: true } }),
      'contract.unconstrained_value',
    ],
    ['a property schema with no type', object({ a: { minLength: 1 } }), 'contract.invalid_schema'],
    ['an empty property schema', object({ a: {} }), 'contract.unconstrained_value'],
    [
      'a pattern without maxLength',
      object({ a: { type: 'string', pattern: '^a$', 'x-purpose': 'id' } }),
      'contract.insecure_schema',
    ],
    [
      'uniqueItems over objects without maxItems',
      object({ a: { type: 'array', uniqueItems: true, items: object({}) } }),
      'contract.insecure_schema',
    ],
    ['a remote $ref', object({ a: { $ref: 'https://example.com/s.json' } }), 'contract.invalid_schema'],
    [
      'patternProperties without maxProperties',
      {
        type: 'object',
        patternProperties: { '^x': id },
        propertyNames: { maxLength: 5 },
        additionalProperties: false,
      },
      'contract.unbounded_map',
    ],
    [
      'patternProperties without bounded propertyNames',
      { type: 'object', patternProperties: { '^x': id }, maxProperties: 3, additionalProperties: false },
      'contract.insecure_schema',
    ],
    ['an unknown keyword (ajv strict mode)', object({ a: id }, { 'x-free': 1 }), 'contract.invalid_schema'],
    [
      'a member called __proto__ (as JSON defines it)',
      JSON.parse(
        '{"type":"object","properties":{"__proto__":{"type":"number"}},"additionalProperties":false}',
      ),
      'contract.reserved_name',
    ],
    ['a schema that is not an object', [], 'contract.invalid_schema'],
  ];
  for (const [title, schema, expected] of cases) {
    test(title, () => {
      expect(refusal(schema)).toBe(expected);
    });
  }

  test('seed 000 allOf composition closed by unevaluatedProperties is accepted; without it, refused', () => {
    const composed = {
      allOf: [
        {
          type: 'object',
          required: ['subject'],
          properties: { subject: { type: 'string', minLength: 1, maxLength: 128, 'x-purpose': 'text' } },
        },
        {
          type: 'object',
          required: ['source'],
          properties: { source: { enum: ['directory', 'review_service'] } },
        },
      ],
    };
    expect(refusal({ ...composed, unevaluatedProperties: false })).not.toBe('contract.open_object');
    expect(refusal(composed)).toBe('contract.open_object');
  });

  test('the ready-made envelope is a valid contract', () => {
    const envelope = outcomeEnvelope({
      tool: 'review_status',
      data: reviewStatusData,
      errorCodes: ['NOT_FOUND'],
    });
    expect(() => defineTool({ name: 'review_status', version: 'v1', ...envelope })).not.toThrow();
  });

  test('names, versions, rules and projections are checked too', () => {
    const schema = object({ a: id });
    expect(() => defineTool({ name: 'bad name', version: 'v1', schema })).toThrow(ContractError);
    expect(() => defineTool({ name: 't', version: '', schema })).toThrow(ContractError);
    expect(() =>
      defineTool({
        name: 't',
        version: 'v1',
        schema,
        bind: [{ rule: 'equals', pointer: 'a', context: 'tenant' }],
      }),
    ).toThrow(/JSON pointer/);
    expect(() =>
      defineTool({
        name: 't',
        version: 'v1',
        schema,
        bind: [{ rule: 'equals', pointer: '/a', context: 'password' }],
      }),
    ).toThrow(/context/);
    expect(() => defineTool({ name: 't', version: 'v1', schema, project: { a: 'no-slash' } })).toThrow(
      /pointer/,
    );
  });
});

// A contract mistake is refused with a message that says what to write instead, at the field that holds it.
import { z } from 'zod';
import { describe, expect, test } from 'vitest';
import { contractFromJson } from '../../src/contract/contract-file.js';
import { defineTool } from '../../src/contract/define-tool.js';
import { purpose } from '../../src/contract/zod-purpose.js';
import { ContractError } from '../../src/vocabulary/contract-error.js';

/** What `define` threw: its code, location and message. */
function refusal(define: () => unknown): Pick<ContractError, 'code' | 'location' | 'message'> {
  try {
    define();
  } catch (error) {
    if (error instanceof ContractError)
      return { code: error.code, location: error.location, message: error.message };
    throw error;
  }
  throw new Error('accepted');
}

const withField = (field: object, extra: object = {}): object => ({
  ...extra,
  type: 'object',
  properties: { a: { type: 'string', maxLength: 8, ...field } },
  additionalProperties: false,
});

const define = (schema: object) => () => defineTool({ name: 't', version: 't.v1', schema });

describe('purposes', () => {
  test.each([
    ['a misspelt kind', 'txt', '"txt" is not a purpose'],
    ['a misspelt kind in an object', { kind: 'URL' }, '"URL" is not a purpose'],
    ['a number', 5, 'No purpose named'],
  ])('%s names the kinds there are, at the field', (_what, declared, start) => {
    const error = refusal(define(withField({ 'x-purpose': declared })));
    expect(error.code).toBe('contract.invalid_purpose');
    expect(error.location).toBe('/properties/a/x-purpose');
    expect(error.message).toContain(`${start}: "x-purpose" is one of id, enum, text, url, html`);
    expect(error.message).not.toContain('data undefined');
  });
});

describe('dialects', () => {
  test('a draft-07 $schema: contracts are 2020-12, and what to write instead', () => {
    const draft07 = withField(
      { 'x-purpose': 'text' },
      { $schema: 'http://json-schema.org/draft-07/schema#' },
    );
    const error = refusal(define(draft07));
    expect(error).toMatchObject({ code: 'contract.invalid_schema', location: '/$schema' });
    expect(error.message).toMatch(/^Contracts are JSON Schema 2020-12, not draft-07: set "\$schema" to/);
    expect(error.message).toContain('"$defs" for "definitions"');
    expect(error.message).not.toContain('no schema with key or ref');
  });

  test('2020-12 stated or left out is accepted', () => {
    const stated = withField(
      { 'x-purpose': 'text' },
      { $schema: 'https://json-schema.org/draft/2020-12/schema' },
    );
    expect(() => define(stated)()).not.toThrow();
    expect(() => define(withField({ 'x-purpose': 'text' }))()).not.toThrow();
  });
});

describe('bounds the security meta-schema asks for', () => {
  test('zod purpose.id(z.uuid()): the error is at the field and says to add .max(n)', () => {
    const error = refusal(define(z.object({ id: purpose.id(z.uuid()) })));
    expect(error).toMatchObject({ code: 'contract.insecure_schema', location: '/properties/id' });
    expect(error.message).toContain('A string with "format" needs "maxLength" beside it (zod: add .max(n))');
    expect(() => define(z.object({ id: purpose.id(z.uuid().max(36)) }))()).not.toThrow();
  });

  test('a JSON contract: a pattern without maxLength deep in an array is named where it is', () => {
    const schema = {
      type: 'object',
      properties: {
        items: {
          type: 'array',
          maxItems: 2,
          items: { type: 'string', pattern: '^[a-z]+$', 'x-purpose': 'id' },
        },
      },
      additionalProperties: false,
    };
    expect(refusal(define(schema))).toMatchObject({
      code: 'contract.insecure_schema',
      location: '/properties/items/items',
    });
  });
});

describe('contract files', () => {
  test('a plain JSON Schema given as a contract file: the members it lacks, and how to wrap it', () => {
    const error = refusal(() => contractFromJson(withField({ 'x-purpose': 'text' })));
    expect(error.message).toMatch(
      /^The contract file lacks "name", "version" and "schema" \(or "envelope"\) and has "type", "properties" and "additionalProperties" the format does not know/,
    );
    expect(error.message).toContain('it looks like a plain JSON Schema: a contract file wraps one');
    expect(error.message).not.toContain('#/oneOf/0/required');
  });

  test('a member deeper down: where it is and what it must be', () => {
    const file = { name: 't', version: 't.v1', schema: withField({ 'x-purpose': 'text' }) };
    const bind = refusal(() => contractFromJson({ ...file, bind: [{ rule: 'equals', pointer: '/a' }] }));
    expect(bind.location).toBe('/bind/0');
    expect(bind.message).toMatch(/^The contract file lacks "context" .*\(at \/bind\/0\)$/);
    const name = refusal(() => contractFromJson({ ...file, name: 7 }));
    expect(name.message).toMatch(/^The contract file must be string .*\(at \/name\)$/);
  });
});

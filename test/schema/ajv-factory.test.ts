// createAjv: every instance checks schemas against the 2020-12 meta-schema, compiled once and shared.
import { describe, expect, test } from 'vitest';
import { createAjv } from '../../src/schema/ajv-factory.js';

const BAD_TYPE = { type: 'strin' };
const BAD_LENGTH = { type: 'string', maxLength: -1 };

describe('createAjv', () => {
  test('refuses schemas that break the 2020-12 meta-schema, in every instance, with the failing keyword', () => {
    for (const strict of [true, false]) {
      for (const ajv of [createAjv({ strict }), createAjv({ strict })]) {
        expect(() => ajv.compile(BAD_TYPE)).toThrow(/^schema is invalid: .*type/);
        expect(ajv.validateSchema(BAD_LENGTH)).toBe(false);
        expect(ajv.errors?.[0]).toMatchObject({ keyword: 'minimum', instancePath: '/maxLength' });
        expect(ajv.validateSchema({ type: 'string', maxLength: 3 })).toBe(true);
        expect(ajv.errors).toBeNull();
      }
    }
  });

  test('checks the x-purpose keyword against its own meta-schema', () => {
    const ajv = createAjv();
    expect(() => ajv.compile({ type: 'string', maxLength: 3, 'x-purpose': 'nonsense' })).toThrow(
      /keyword "x-purpose" value is invalid/,
    );
    expect(ajv.compile({ type: 'string', maxLength: 3, 'x-purpose': 'text' })('abc')).toBe(true);
  });

  test('a schema naming the 2020-12 meta-schema is checked the same way; another draft is left to ajv', () => {
    const ajv = createAjv();
    const $schema = 'https://json-schema.org/draft/2020-12/schema';
    expect(() => ajv.compile({ $schema, ...BAD_TYPE })).toThrow(/^schema is invalid/);
    expect(() => ajv.compile({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'string' })).toThrow(
      /no schema with key or ref/,
    );
  });
});

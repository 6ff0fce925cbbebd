// Server output schemas hardened into contracts: each documented rule, refusals with codes, and the real servers' schemas.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineTool } from '../../src/contract/define-tool.js';
import { resolveClientLimits } from '../../src/mcp/client-limits.js';
import { ANY_JSON_REF } from '../../src/mcp/contract/any-json.js';
import { hardenOutputSchema } from '../../src/mcp/contract/harden-schema.js';
import { resultContract } from '../../src/mcp/contract/result-contract.js';
import type { AirlockTransport } from '../../src/mcp/wire/types.js';
import { EVERYTHING, FILESYSTEM, MEMORY, spawnServer } from './support/real-servers.js';

const BOUNDS = { maxLength: 1000, maxItems: 50, maxProperties: 20 };
const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

function hardened(schema: unknown): Record<string, unknown> {
  const result = hardenOutputSchema(schema, BOUNDS);
  if (!result.ok) throw new Error(`refused: ${result.code} at ${result.location}`);
  return Object.fromEntries(Object.entries(result.schema).filter(([keyword]) => keyword !== '$defs'));
}

describe('hardening rules', () => {
  it('reads draft-07, drops annotations, bounds strings as text and closes objects', () => {
    const schema = {
      $schema: DRAFT_07,
      type: 'object',
      description: 'weather',
      properties: {
        conditions: { type: 'string', title: 't', 'x-purpose': 'id' },
        short: { type: 'string', maxLength: 10 },
      },
      required: ['conditions'],
    };
    expect(hardened(schema)).toEqual({
      type: 'object',
      properties: {
        conditions: { type: 'string', maxLength: 1000, 'x-purpose': { kind: 'text', maxBytes: 4000 } },
        short: { type: 'string', maxLength: 10, 'x-purpose': { kind: 'text', maxBytes: 40 } },
      },
      required: ['conditions'],
      additionalProperties: false,
    });
  });

  it('translates definitions, tuple items, additionalItems and dependencies, and ignores $ref siblings in draft-07', () => {
    const schema = {
      $schema: DRAFT_07,
      type: 'object',
      definitions: { name: { type: 'string' } },
      properties: {
        pair: {
          type: 'array',
          items: [{ type: 'number' }, { $ref: '#/definitions/name' }],
          additionalItems: false,
        },
        ref: { $ref: '#/definitions/name', type: 'number' },
      },
      dependencies: { pair: ['ref'], ref: { required: ['pair'] } },
    };
    const result = hardenOutputSchema(schema, BOUNDS);
    expect(result.ok).toBe(true);
    const out = (result as { schema: Record<string, unknown> }).schema;
    expect(out.$defs).toMatchObject({ name: { type: 'string', maxLength: 1000 } });
    expect(out.properties).toEqual({
      pair: {
        type: 'array',
        prefixItems: [{ type: 'number' }, { $ref: '#/$defs/name' }],
        items: false,
        maxItems: 50,
      },
      ref: { $ref: '#/$defs/name' },
    });
    expect(out.dependentRequired).toEqual({ pair: ['ref'] });
    expect(out.dependentSchemas).toEqual({ ref: { required: ['pair'] } });
  });

  it('makes anything-goes schemas bounded any-JSON, bounds arrays, and types untyped values by their keywords', () => {
    const out = hardened({
      type: 'object',
      properties: { any: {}, list: { type: 'array' }, obj: { properties: { a: { type: 'number' } } } },
    });
    expect(out.properties).toEqual({
      any: { $ref: ANY_JSON_REF },
      list: { type: 'array', maxItems: 50, items: { $ref: ANY_JSON_REF } },
      obj: { type: 'object', properties: { a: { type: 'number' } }, additionalProperties: false },
    });
  });

  it('keeps an object the schema declares open as a bounded map of the other members', () => {
    const out = hardened({
      type: 'object',
      properties: { id: { type: 'number' } },
      additionalProperties: { type: 'string' },
    });
    expect(out).toMatchObject({
      additionalProperties: false,
      patternProperties: { '^(?!(?:id)$)': { type: 'string', maxLength: 1000 } },
      maxProperties: 20,
      propertyNames: { maxLength: 256 },
    });
  });

  it('closes a composition as a whole, so members of its branches stay allowed', () => {
    const out = hardened({
      type: 'object',
      allOf: [{ properties: { a: { type: 'number' } } }, { properties: { b: { type: 'number' } } }],
    });
    expect(out).toMatchObject({ unevaluatedProperties: false });
    expect(out.additionalProperties).toBeUndefined();
  });

  it('refuses what it cannot make safe, with a code and a location in the server schema', () => {
    const refusal = (schema: unknown) => {
      const result = hardenOutputSchema(schema, BOUNDS);
      return result.ok ? undefined : { code: result.code, location: result.location };
    };
    expect(refusal({ $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' })).toEqual({
      code: 'mcp.schema_dialect',
      location: '/$schema',
    });
    expect(refusal({ type: 'object', properties: { a: { $ref: 'https://example.com/a.json' } } })).toEqual({
      code: 'mcp.schema_ref',
      location: '/properties/a/$ref',
    });
    expect(refusal({ type: 'object', properties: { a: { type: 'string', nullable: true } } })).toEqual({
      code: 'mcp.schema_keyword',
      location: '/properties/a/nullable',
    });
    expect(refusal({ type: 'object', properties: { a: { maxLength: 3, minimum: 1 } } })).toEqual({
      code: 'mcp.schema_untyped',
      location: '/properties/a',
    });
    expect(refusal({ type: 'object', patternProperties: { x: {} }, additionalProperties: true })).toEqual({
      code: 'mcp.schema_open_object',
      location: '/additionalProperties',
    });
    expect(refusal('not a schema')).toEqual({ code: 'mcp.schema_not_object', location: '' });
  });
});

describe('the reference servers’ output schemas', () => {
  const transports: AirlockTransport[] = [];
  const schemas: Array<readonly [string, unknown]> = [];

  beforeAll(async () => {
    for (const [script, args] of [
      [EVERYTHING, ['stdio']],
      [FILESYSTEM, [process.cwd()]],
      [MEMORY, []],
    ] as const) {
      const transport = spawnServer(script, args);
      transports.push(transport);
      const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
      await new Client({ name: 'schemas', version: '1' }).connect(transport);
      const reply = await transport.exchange('tools/list', {}, { timeoutMs: 10_000 });
      if (reply.kind !== 'result') throw new Error(reply.kind);
      const { tools } = JSON.parse(Buffer.from(reply.bytes).toString()) as {
        tools: Array<{ name: string; outputSchema?: unknown }>;
      };
      for (const tool of tools)
        if (tool.outputSchema !== undefined) schemas.push([tool.name, tool.outputSchema]);
    }
  });

  afterAll(async () => {
    for (const transport of transports) await transport.close();
  });

  it('hardens and compiles every one of them (draft-07, unbounded strings and arrays before)', () => {
    const { bounds } = resolveClientLimits({}, 4 * 1024 * 1024);
    expect(schemas.length).toBeGreaterThan(20);
    for (const [name, schema] of schemas) {
      expect((schema as { $schema?: string }).$schema).toBe(DRAFT_07);
      const result = hardenOutputSchema(schema, bounds.hardening);
      expect(result.ok, name).toBe(true);
      const structured = { version: 'v', schema: (result as { schema: object }).schema };
      expect(
        () => defineTool(resultContract(name, 'v', structured, bounds.envelope, bounds.limits)),
        name,
      ).not.toThrow();
    }
  });
});

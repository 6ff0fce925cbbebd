// No audit record or outcome holds a member name the contract does not declare, whichever stage reports it.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { AuditRecord } from '../../src/audit/record.js';
import { memoryAuditSink } from '../../src/audit/sinks.js';
import { defineTool } from '../../src/contract/define-tool.js';
import { createGate } from '../../src/gate/create-gate.js';
import { isArrayIndex, parsePointer } from '../../src/vocabulary/pointer.js';
import { REQUEST_ID } from '../support/contracts.js';

const MAP_KEY = '^[A-Za-z0-9_$.-]{1,64}$';

/** A contract with two maps whose keys are data (patternProperties), beside declared members. */
const tool = defineTool({
  name: 'labelled',
  version: 'labelled.v1',
  schema: {
    type: 'object',
    required: ['tenant', 'labels', 'owners'],
    additionalProperties: false,
    properties: {
      tenant: { type: 'string', pattern: '^[a-z-]{1,20}$', maxLength: 20, 'x-purpose': 'id' },
      labels: {
        type: 'object',
        maxProperties: 8,
        propertyNames: { maxLength: 64 },
        additionalProperties: false,
        patternProperties: { [MAP_KEY]: { type: 'string', maxLength: 40, 'x-purpose': 'text' } },
      },
      owners: {
        type: 'object',
        maxProperties: 8,
        propertyNames: { maxLength: 64 },
        additionalProperties: false,
        patternProperties: {
          [MAP_KEY]: { type: 'string', pattern: '^[a-z-]{1,20}$', maxLength: 20, 'x-purpose': 'id' },
        },
      },
    },
  },
  bind: [{ rule: 'equals', pointer: '/owners/*', context: 'tenant' }],
});

const context = { requestId: REQUEST_ID, tenant: 'tenant-a' };
const json = JSON.stringify;

/** One way a payload-chosen member name reaches a report, and the stage code it must end with. */
interface Route {
  readonly title: string;
  readonly body: (name: string) => string;
  readonly code: string | undefined;
}

const ROUTES: readonly Route[] = [
  {
    title: 'a syntax error after the name',
    body: (name) => `{"tenant":"tenant-a","labels":{${json(name)}: tru}}`,
    code: 'parse.syntax',
  },
  {
    title: 'a syntax error in a top-level member of that name',
    body: (name) => `{${json(name)}:[1,2,}`,
    code: 'parse.syntax',
  },
  {
    title: 'a duplicate key of that name',
    body: (name) => `{"tenant":"tenant-a","labels":{${json(name)}:"a",${json(name)}:"b"},"owners":{}}`,
    code: 'parse.duplicate_key',
  },
  {
    title: 'a map value that breaks its schema',
    body: (name) => json({ tenant: 'tenant-a', labels: { [name]: 'x'.repeat(41) }, owners: {} }),
    code: 'validate.maxLength',
  },
  {
    title: 'a map value that fails a binding rule',
    body: (name) => json({ tenant: 'tenant-a', labels: {}, owners: { [name]: 'tenant-b' } }),
    code: 'bind.mismatch',
  },
  {
    title: 'a finding in a map value (a bidi override, smuggled tag characters)',
    body: (name) =>
      json({ tenant: 'tenant-a', labels: { [name]: 'ok \u202Eevil \u{E0073}\u{E006B}' }, owners: {} }),
    code: undefined,
  },
];

/** Every pointer a record carries: the issue's, each finding's, each revealed payload's. */
function pointersOf(record: AuditRecord): string[] {
  return [
    ...(record.issue?.pointer === undefined ? [] : [record.issue.pointer]),
    ...record.findings.map((finding) => finding.pointer),
    ...(record.revealed ?? []).map((payload) => payload.pointer),
  ];
}

/**
 * Runs one route. `reported` is the record and what the outcome reports about the call (a failure whole; of a
 * success, its findings — its data may hold map keys the contract allows, that is the agent's data).
 */
async function run(route: Route, name: string) {
  const audit = memoryAuditSink();
  const gate = createGate({ audit, revealHidden: true });
  const outcome = await gate.accept(tool, route.body(name), context);
  const record = audit.records[0]!;
  return { record, reported: json([record, outcome.ok ? outcome.meta.findings : outcome]) };
}

function expectOnlyDeclaredNames(record: AuditRecord): void {
  for (const pointer of pointersOf(record))
    for (const segment of parsePointer(pointer))
      expect(
        isArrayIndex(segment) || /^#[0-9a-f]{8}$/.test(segment) || tool.contract.names.has(segment),
        `segment of ${pointer}`,
      ).toBe(true);
}

describe('undeclared member names are redacted on every path into a report', () => {
  for (const route of ROUTES) {
    test(route.title, async () => {
      for (const name of ['Zq7MARKERx', 'sk-live-9QxT4mZr7LwP2vKd', '4111111111111111', 'tenant$x']) {
        const { record, reported } = await run(route, name);
        expect(record.issue?.code).toBe(route.code);
        expect(pointersOf(record).length).toBeGreaterThan(0);
        expectOnlyDeclaredNames(record);
        expect(reported).not.toContain(name);
      }
    });
  }

  test('declared names stay readable, and equal undeclared names get equal labels', async () => {
    const first = await run(ROUTES[3]!, 'Zq7MARKERx');
    const again = await run(ROUTES[3]!, 'Zq7MARKERx');
    const other = await run(ROUTES[3]!, 'Zq7MARKERy');
    expect(first.record.issue?.pointer).toMatch(/^\/labels\/#[0-9a-f]{8}$/);
    expect(again.record.issue?.pointer).toBe(first.record.issue?.pointer);
    expect(other.record.issue?.pointer).not.toBe(first.record.issue?.pointer);
  });

  test('names declared anywhere in the contract count, $defs and required lists included', () => {
    const nested = defineTool({
      name: 'nested',
      version: 'nested.v1',
      schema: {
        $defs: {
          item: {
            type: 'object',
            required: ['item_id'],
            properties: { item_id: { type: 'string', maxLength: 8, pattern: '^[a-z]+$', 'x-purpose': 'id' } },
            additionalProperties: false,
          },
        },
        type: 'object',
        required: ['items'],
        properties: { items: { type: 'array', maxItems: 4, items: { $ref: '#/$defs/item' } } },
        additionalProperties: false,
      },
    });
    expect([...nested.contract.names].sort()).toEqual(['item_id', 'items']);
  });

  test('generated names never reach a record, on any route', async () => {
    const name = fc
      .stringMatching(/^[A-Za-z0-9_$.-]{1,56}$/)
      .map((tail) => `Zq7${tail}`)
      .filter((candidate) => !tool.contract.names.has(candidate));
    await fc.assert(
      fc.asyncProperty(name, fc.constantFrom(...ROUTES), async (generated, route) => {
        const { record, reported } = await run(route, generated);
        expectOnlyDeclaredNames(record);
        expect(reported).not.toContain(generated);
      }),
      { numRuns: 150 },
    );
  });
});

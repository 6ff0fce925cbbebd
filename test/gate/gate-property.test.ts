// Thousands of generated broken inputs through the gate: each ends as exactly one well-formed outcome.
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { AGENT_CODES } from '../../src/vocabulary/codes.js';
import { createGate } from '../../src/gate/create-gate.js';
import { defineTool } from '../../src/contract/define-tool.js';
import type { ToolOutcome } from '../../src/vocabulary/outcome.js';
import type { RawInput } from '../../src/read/input.js';
import { REQUEST_ID, reviewStatusContract } from '../support/contracts.js';

const gate = createGate({ audit: { write: () => undefined } });
const tool = defineTool({ ...reviewStatusContract, limits: { read: { timeoutMs: 2_000 } } });
const context = { requestId: REQUEST_ID };
const valid = JSON.stringify({
  tool: 'review_status',
  request_id: REQUEST_ID,
  outcome: 'success',
  data: { change_id: 'CR-7', decision: 'approved', reviewed_by: 'ana' },
});

function assertOneOutcome(outcome: ToolOutcome<unknown>): void {
  expect(typeof outcome.ok).toBe('boolean');
  if (outcome.ok) {
    expect(Object.keys(outcome).sort()).toEqual(['data', 'meta', 'ok']);
  } else {
    expect(Object.keys(outcome).sort()).toEqual(['error', 'meta', 'ok']);
    expect(AGENT_CODES).toContain(outcome.error.code);
    expect(typeof outcome.error.retryable).toBe('boolean');
  }
}

/** A valid document with a few characters inserted, deleted or replaced. */
const mutated = fc
  .array(
    fc.tuple(
      fc.nat({ max: valid.length }),
      fc.oneof(
        fc.constant(''),
        fc.string({ unit: 'grapheme-ascii', maxLength: 3 }),
        fc.string({ unit: 'binary', maxLength: 2 }),
      ),
      fc.nat({ max: 3 }),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((edits) =>
    edits.reduce((text, [at, insert, remove]) => text.slice(0, at) + insert + text.slice(at + remove), valid),
  );

const bodies = fc.oneof(
  fc.uint8Array({ maxLength: 512 }),
  fc.string({ unit: 'binary', maxLength: 256 }),
  fc.jsonValue({ maxDepth: 6 }).map((value) => JSON.stringify(value)),
  mutated,
  fc.nat({ max: 200 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc.constantFrom(
    '',
    ' ',
    'null',
    '{}',
    '[]',
    '"\\ud800"',
    '{"a":1,"a":1}',
    '1e999',
    '9007199254740993',
    '\ufeff{}',
  ),
);

const transports = fc.record(
  {
    status: fc.oneof(fc.constant(200), fc.integer({ min: 100, max: 599 })),
    contentType: fc.constantFrom(
      'application/json',
      'application/problem+json',
      'text/html',
      'application/json; charset=latin1',
      'junk',
    ),
    contentEncoding: fc.constantFrom('identity', 'gzip', 'br', 'deflate', 'compress', 'gzip, br'),
    toolError: fc.boolean(),
  },
  { requiredKeys: [] },
);

const asInput = (body: Uint8Array | string, kind: number, facts: object): RawInput => {
  const bytes = new Uint8Array(typeof body === 'string' ? new TextEncoder().encode(body) : body);
  switch (kind) {
    case 0:
      return body;
    case 1:
      return Readable.from([bytes]);
    case 2:
      return new Blob([bytes]).stream();
    case 3:
      return new Response(bytes, { headers: { 'content-type': 'application/json' } });
    default:
      return { body, ...facts };
  }
};

describe('the gate on generated inputs', () => {
  test('every broken body, in every input kind and with any transport facts, ends as exactly one outcome', async () => {
    await fc.assert(
      fc.asyncProperty(bodies, fc.nat({ max: 4 }), transports, async (body, kind, facts) => {
        assertOneOutcome(await gate.accept(tool, asInput(body, kind, facts), context));
      }),
      { numRuns: 3000 },
    );
  });

  test('a mutated document is accepted only when it is still valid, and then yields exactly its projection', async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(mutated, async (text) => {
        const outcome = await gate.accept(tool, text, context);
        assertOneOutcome(outcome);
        if (!outcome.ok) return;
        accepted++;
        const { data } = JSON.parse(text) as { data: { change_id: string; decision: string } };
        expect(outcome.data).toEqual({ change_id: data.change_id, decision: data.decision });
      }),
      { numRuns: 2000 },
    );
    // The generator must reach the checked branch often enough for the property to mean something.
    expect(accepted).toBeGreaterThan(30);
  });
});

// Properties at the contract's boundaries through the real gate: the raw ceiling, SAFE_MAX_BYTES, the expansion budget.
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { memoryAuditSink } from '../../src/audit/sinks.js';
import { createGate } from '../../src/gate/create-gate.js';
import {
  EXPANSION_SLACK_BYTES,
  RAW_MAX_BYTES,
  SAFE_MAX_BYTES,
  SANITIZER_EXPANSION_BUDGET,
} from '../../src/vocabulary/limits.js';
import { boundaryTool, CONTEXT, item, page, TENANT, type Item } from './boundary-contract.js';

const bytes = (value: unknown): number =>
  Buffer.byteLength(typeof value === 'string' ? value : JSON.stringify(value));

describe('the read stage never holds more than RAW_MAX_BYTES', () => {
  const tool = boundaryTool();
  test('the default contract reads under RAW_MAX_BYTES', () => {
    expect(tool.limits.read.maxRawBytes).toBe(RAW_MAX_BYTES);
  });

  test('bodies around the ceiling, whole or streamed in random chunks, are read at most up to it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: -4096, max: 600_000 }),
        fc.integer({ min: 1, max: 300_000 }),
        fc.boolean(),
        async (over, chunk, streamed) => {
          const body = Buffer.alloc(RAW_MAX_BYTES + over, 0x20);
          const chunks: Buffer[] = [];
          for (let at = 0; at < body.length; at += chunk) chunks.push(body.subarray(at, at + chunk));
          const audit = memoryAuditSink();
          const outcome = await createGate({ audit }).accept(
            tool,
            streamed ? Readable.from(chunks) : body,
            CONTEXT,
          );
          const record = audit.records[0];
          expect(record?.rawBytes).toBeLessThanOrEqual(RAW_MAX_BYTES);
          if (over > 0) expect([outcome.ok, record?.issue?.code]).toEqual([false, 'read.too_large']);
          else expect(record?.rawBytes).toBe(body.length);
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe('sanitized output never exceeds SAFE_MAX_BYTES', () => {
  test('the default contract is bounded by SAFE_MAX_BYTES', () => {
    expect(boundaryTool().limits.output.safeMaxBytes).toBe(SAFE_MAX_BYTES);
  });

  test('under a small ceiling, a page is accepted only when its sanitized value fits, and refused otherwise', async () => {
    const safeMaxBytes = 600;
    const tool = boundaryTool({ output: { safeMaxBytes } });
    let accepted = 0;
    let tooLarge = 0;
    await fc.assert(
      fc.asyncProperty(page, async (document) => {
        const audit = memoryAuditSink();
        const outcome = await createGate({ audit }).accept(tool, JSON.stringify(document), CONTEXT);
        if (outcome.ok) {
          accepted++;
          expect(bytes(outcome.data)).toBeLessThanOrEqual(safeMaxBytes);
        } else if (audit.records[0]?.issue?.code === 'sanitize.too_large') {
          tooLarge++;
          expect(outcome.error.code).toBe('result_too_large');
        }
      }),
      { numRuns: 300 },
    );
    // The generator must reach the checked branches often enough for the property to mean something.
    expect(accepted).toBeGreaterThan(25);
    expect(tooLarge).toBeGreaterThan(12);
  });
});

describe('sanitizer expansion stays within SANITIZER_EXPANSION_BUDGET', () => {
  const tool = boundaryTool();
  const within = (before: number, after: number): boolean =>
    after <= Math.max(before * SANITIZER_EXPANSION_BUDGET, before + EXPANSION_SLACK_BYTES);

  test('every accepted field, and the accepted page as a whole, grew no more than the budget allows', async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(item, { minLength: 1, maxLength: 6 }), async (items) => {
        const audit = memoryAuditSink();
        const outcome = await createGate({ audit }).accept(
          tool,
          JSON.stringify({ tenantId: TENANT, items }),
          CONTEXT,
        );
        if (!outcome.ok) return;
        accepted++;
        const shown = (outcome.data as { items: Omit<Item, 'note'>[] }).items;
        let before = 0;
        let after = 0;
        let strings = 0;
        shown.forEach((out, index) => {
          const input = items[index];
          if (input === undefined) throw new Error('an item appeared that was not in the input');
          for (const field of ['id', 'title', 'status', 'href'] as const) {
            expect(within(bytes(input[field]), bytes(out[field])), `${field} of item ${index}`).toBe(true);
            before += bytes(input[field]);
            after += bytes(out[field]);
            strings++;
          }
        });
        expect(after).toBeLessThanOrEqual(
          before * SANITIZER_EXPANSION_BUDGET + EXPANSION_SLACK_BYTES * strings,
        );
      }),
      { numRuns: 400 },
    );
    // The generator must reach the checked branch often enough for the property to mean something.
    expect(accepted).toBeGreaterThan(40);
  });

  test('a url whose canonical form outgrows the budget refuses the page (sanitize.expansion) instead of passing it', async () => {
    const grows = 'https://tickets.example.com/' + '登'.repeat(40);
    const audit = memoryAuditSink();
    const document = {
      tenantId: TENANT,
      items: [{ id: 'T-1', title: 't', status: 'open', href: grows, note: '' }],
    };
    const outcome = await createGate({ audit }).accept(tool, JSON.stringify(document), CONTEXT);
    expect(outcome.ok).toBe(false);
    expect(audit.records[0]?.issue?.code).toBe('sanitize.expansion');
  });
});

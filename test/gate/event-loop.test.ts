// The gate shares the event loop: a large result and a burst of calls let timers run before they settle.
import { describe, expect, test } from 'vitest';
import { memoryAuditSink } from '../../src/audit/sinks.js';
import { createGate } from '../../src/gate/create-gate.js';
import { defineTool } from '../../src/contract/define-tool.js';
import { contractFromJson, parseContractText } from '../../src/contract/contract-file.js';
import { readFileSync } from 'node:fs';
import { ticketSearchJson } from '../../bench/fixtures/ticket-search.js';

const big = 16 * 1024 * 1024;
const contract = contractFromJson(
  parseContractText(readFileSync('fixtures/contracts/ticket-search.contract.json', 'utf8')),
);
const tool = defineTool({
  ...contract,
  limits: { read: { maxRawBytes: big, maxDecodedBytes: big }, output: { safeMaxBytes: big } },
});
const context = { requestId: 'req.bench0001', tenant: 'tenant-a', limit: 5000, now: '2026-07-18T09:31:00Z' };
const large = new TextEncoder().encode(ticketSearchJson(5000));

describe('the gate lets the event loop turn', () => {
  test('a 0 ms timer scheduled at the start of a 2 MB accept fires before the accept settles', async () => {
    const gate = createGate({ audit: memoryAuditSink() });
    const order: string[] = [];
    setTimeout(() => order.push('timer'), 0);
    const outcome = await gate.accept(tool, large, context);
    order.push('settled');
    expect(outcome.ok).toBe(true);
    expect(order).toEqual(['timer', 'settled']);
  });

  test('a timer scheduled before a burst of concurrent accepts fires before the burst ends', async () => {
    const gate = createGate({ audit: memoryAuditSink() });
    const small = new TextEncoder().encode(ticketSearchJson(50));
    const order: string[] = [];
    setTimeout(() => order.push('timer'), 0);
    const outcomes = await Promise.all(Array.from({ length: 300 }, () => gate.accept(tool, small, context)));
    order.push('settled');
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    expect(order).toEqual(['timer', 'settled']);
  });

  test('an abort while a 2 MB accept pauses ends it as a timeout, recorded as an abort', async () => {
    const audit = memoryAuditSink();
    const gate = createGate({ audit });
    const controller = new AbortController();
    setTimeout(() => {
      controller.abort();
    }, 0);
    const outcome = await gate.accept(tool, large, context, { signal: controller.signal });
    expect(outcome).toMatchObject({ ok: false, error: { code: 'timeout' } });
    expect(audit.records[0]?.issue?.code).toMatch(/^(read|internal)\.aborted$/);
    expect(audit.records[0]?.timings.project).toBeUndefined();
  });
});

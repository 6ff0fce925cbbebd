// Misconfiguring the gate is found where it happens: a TypeError that says what fits, never a later internal_error.
import { Readable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { memoryAuditSink } from '../../src/audit/sinks.js';
import { defineTool } from '../../src/contract/define-tool.js';
import { createGate, type GateOptions } from '../../src/gate/create-gate.js';
import { REQUEST_ID, reviewStatusContract } from '../support/contracts.js';

const tool = defineTool(reviewStatusContract);
const body = JSON.stringify({
  tool: 'review_status',
  request_id: REQUEST_ID,
  outcome: 'success',
  data: { change_id: 'CR-7', decision: 'approved', reviewed_by: 'ana' },
});

describe('createGate refuses options it cannot use', () => {
  test.each([
    ['console as the audit sink', { audit: console }, /`audit` must be an audit sink.*write\(record\)/],
    ['an empty vault', { vault: {} }, /`vault` must be an evidence writer.*put\(raw, meta\).*createVault/],
    ['an evidence policy it does not know', { evidence: 'sometimes' }, /'required'.*'best-effort'/],
    ['a clock that is not a function', { clock: 5 }, /`clock` must be a function/],
  ])('%s is a TypeError at creation', (_what, options, message) => {
    expect(() => createGate(options as unknown as GateOptions)).toThrow(TypeError);
    expect(() => createGate(options as unknown as GateOptions)).toThrow(message);
  });

  test('what it does take still works', async () => {
    const records = memoryAuditSink();
    const gate = createGate({ audit: records, evidence: 'best-effort', clock: () => Date.now() });
    expect(await gate.accept(tool, body, { requestId: REQUEST_ID })).toMatchObject({ ok: true });
    expect(records.records).toHaveLength(1);
  });
});

describe('gate.accept refuses a call without a request context', () => {
  const gate = createGate({ audit: memoryAuditSink() });
  const accept = gate.accept.bind(gate) as (...args: unknown[]) => Promise<unknown>;

  test.each([
    ['no context', [tool, body]],
    ['an empty context', [tool, body, {}]],
    ['an empty request id', [tool, body, { requestId: '' }]],
    ['a numeric request id', [tool, body, { requestId: 7 }]],
  ])('%s rejects with a TypeError naming requestId', async (_what, args) => {
    const rejection = accept(...args);
    await expect(rejection).rejects.toThrow(TypeError);
    await expect(rejection).rejects.toThrow(/request context.*non-empty string `requestId`/);
  });

  test('something that is not a tool definition rejects with a TypeError naming defineTool', async () => {
    await expect(accept({ name: 'review_status' }, body, { requestId: REQUEST_ID })).rejects.toThrow(
      /first argument must be a tool definition from defineTool/,
    );
  });

  test('a stream handed over with a bad context is let go, and its later failure is never unhandled', async () => {
    const stream = new Readable({ read() {} });
    await expect(accept(tool, stream, {})).rejects.toThrow(TypeError);
    stream.emit('error', new Error('reset'));
    expect(stream.destroyed).toBe(true);
  });
});

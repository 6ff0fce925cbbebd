// callWithRetries: the same normalized request every time, the whole gate every time, within attempts and budget.
import { describe, expect, it } from 'vitest';
import { normalizeArguments } from '../../src/calls/normalize-arguments.js';
import { callWithRetries, defineRetryPolicy, type NormalizedRequest } from '../../src/calls/retries.js';
import { memoryAuditSink } from '../../src/audit/sinks.js';
import { createGate } from '../../src/gate/create-gate.js';
import type { RawInput } from '../../src/read/input.js';
import { ticketSearch } from './fixtures.js';

const CONTEXT = { requestId: 'req.R3try000' };
const GOOD = JSON.stringify({
  items: [{ id: 'T-42', title: 'Login fails', status: 'open' }],
  nextCursor: null,
});
const FAST = defineRetryPolicy({ initialDelayMs: 1, maxDelayMs: 5 });

function request(): NormalizedRequest {
  const args = normalizeArguments({ query: 'login', limit: 10 });
  if (!args.ok) throw new Error('fixture');
  return { tool: 'search_tickets', arguments: args.value, canonical: args.canonical };
}

/** A sender answering from a script, recording exactly what it was sent. */
/** A scripted reply that never comes. */
const HANG = Symbol('hang');

function scripted(replies: ReadonlyArray<RawInput | Error | typeof HANG>) {
  const sent: NormalizedRequest[] = [];
  const send = (sentRequest: NormalizedRequest): Promise<RawInput> => {
    sent.push(sentRequest);
    const reply = replies[Math.min(sent.length - 1, replies.length - 1)]!;
    if (reply === HANG) return new Promise<RawInput>(() => undefined);
    return reply instanceof Error ? Promise.reject(reply) : Promise.resolve(reply);
  };
  return { sent, send };
}

/** Runs one retried call of the ticket search through a fresh gate. */
function run(
  send: (request: NormalizedRequest) => Promise<RawInput>,
  policy = FAST,
  audit = memoryAuditSink(),
) {
  const normalized = request();
  const result = callWithRetries(
    { gate: createGate({ audit }), tool: ticketSearch, context: CONTEXT, request: normalized, send },
    policy,
  );
  return { result, normalized, audit };
}

describe('callWithRetries', () => {
  it('retries a retryable failure with the very same request, and the reply passes the gate again', async () => {
    const sender = scripted([
      { body: 'busy', status: 503 },
      { body: GOOD, contentType: 'application/json' },
    ]);
    const { result, normalized, audit } = run(sender.send);
    const { outcome, attempts } = await result;
    expect(attempts).toBe(2);
    expect(outcome).toMatchObject({ ok: true, data: { items: [{ id: 'T-42' }] } });
    expect(sender.sent).toEqual([normalized, normalized]);
    expect(sender.sent[0]).toBe(sender.sent[1]);
    expect(sender.sent[0]!.canonical).toBe('{"limit":10,"query":"login"}');
    expect(audit.records.map((record) => record.outcome)).toEqual(['rejected', 'accepted']);
  });

  it('does not retry a failure that is not retryable: a schema mismatch is final', async () => {
    const sender = scripted([
      { body: '{"items":[],"nextCursor":null,"admin_override":true}' },
      { body: GOOD },
    ]);
    const { outcome, attempts } = await run(sender.send).result;
    expect(attempts).toBe(1);
    expect(outcome).toMatchObject({ ok: false, error: { code: 'schema_mismatch', retryable: false } });
  });

  it('retries only the codes it is told to, and never beyond the attempt limit', async () => {
    const busy = scripted([{ body: '', status: 503 }]);
    const limited = await run(
      busy.send,
      defineRetryPolicy({ maxAttempts: 3, initialDelayMs: 1, maxDelayMs: 2 }),
    ).result;
    expect(limited).toMatchObject({
      attempts: 3,
      outcome: { ok: false, error: { code: 'upstream_error', retryable: true } },
    });
    const narrow = scripted([{ body: '', status: 503 }]);
    const none = await run(
      narrow.send,
      defineRetryPolicy({ retryOn: ['timeout'], initialDelayMs: 1, maxDelayMs: 2 }),
    ).result;
    expect(none.attempts).toBe(1);
  });

  it('treats a sender that throws as a retryable transport failure through the gate', async () => {
    const sender = scripted([new Error('ECONNRESET'), { body: GOOD }]);
    const { result, audit } = run(sender.send);
    const { outcome, attempts } = await result;
    expect({ ok: outcome.ok, attempts }).toEqual({ ok: true, attempts: 2 });
    expect(audit.records[0]).toMatchObject({ outcome: 'rejected', issue: { code: 'read.stream_error' } });
  });

  it('ends a sender that hangs when the budget runs out, as a timeout, with no further attempt', async () => {
    const sender = scripted([HANG]);
    const started = Date.now();
    const policy = defineRetryPolicy({ budgetMs: 150, initialDelayMs: 1, maxDelayMs: 2 });
    const { outcome, attempts } = await run(sender.send, policy).result;
    expect(outcome).toMatchObject({ ok: false, error: { code: 'timeout' } });
    expect(attempts).toBe(1);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('refuses a malformed policy when it is defined', () => {
    expect(() => defineRetryPolicy({ maxAttempts: 0 })).toThrow(TypeError);
    expect(() => defineRetryPolicy({ maxAttempts: 11 })).toThrow(TypeError);
    expect(() => defineRetryPolicy({ budgetMs: 100, maxDelayMs: 200 })).toThrow(TypeError);
    expect(() => defineRetryPolicy({ retryOn: ['please_retry' as never] })).toThrow(TypeError);
  });
});

// Streams that fail before or while they are read, at any moment around the pacing slice: one outcome each, process alive.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, test } from 'vitest';
import { gatedCall } from '../../src/adapters/gated-call.js';
import { memoryAuditSink } from '../../src/audit/sinks.js';
import { normalizeArguments } from '../../src/calls/normalize-arguments.js';
import { callWithRetries, defineRetryPolicy } from '../../src/calls/retries.js';
import { createGate } from '../../src/gate/create-gate.js';
import type { RawInput } from '../../src/read/input.js';
import { headOnly } from '../read/support/fixtures.js';
import { context, deployment } from './fixtures.js';

describe('a mixed load of failing streams, in a process of its own', () => {
  test('the reproduction 20 times, then concurrent calls: each one outcome, the process alive', () => {
    // Streams that error (destroyed, or emitting), throw from read(), end early, hang, or come from an HTTP
    // upstream that resets the connection, each failing on this tick, the next turn or a few ms on, while half
    // the calls find the pacing slice spent. A stream error nobody listens to would kill the child.
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'early-streams-child.ts'), '4000', '64', '7'],
      { encoding: 'utf8', timeout: 120_000 },
    );
    expect(child.stderr).not.toContain("Unhandled 'error' event");
    expect(child.status).toBe(0);
    const summary = JSON.parse(child.stdout) as {
      reproduced: number;
      calls: number;
      mismatchCount: number;
      mismatches: string[];
      tally: Record<string, Record<string, number>>;
      maxErrorListeners: number;
      sharedAbortListeners: number;
    };
    expect(summary.reproduced).toBe(20);
    expect(summary.calls).toBe(4000);
    expect(summary.mismatches).toEqual([]);
    expect(summary.mismatchCount).toBe(0);
    expect(Object.keys(summary.tally).length).toBe(8);
    // The gate's own listener is gone after each call; Node's stream iterator may leave its one end-of-stream
    // listener on a stream that failed. A shared signal keeps none of the calls' abort listeners.
    expect(summary.maxErrorListeners).toBeLessThanOrEqual(1);
    expect(summary.sharedAbortListeners).toBe(0);
  }, 150_000);
});

describe('inputs that arrive after their caller stopped waiting are let go of', () => {
  test('an adapter tool whose stream comes after the deadline: timeout, and the late stream destroyed', async () => {
    const late = headOnly();
    const outcome = await gatedCall({
      gate: createGate({ audit: memoryAuditSink() }),
      contract: deployment,
      context: () => ({ tenant: 'tenant-a' }),
      run: () => sleep(150).then(() => late),
      signal: undefined,
      timeoutMs: 50,
    });
    expect(outcome).toMatchObject({ ok: false, error: { code: 'timeout' } });
    await sleep(200);
    expect(late.destroyed).toBe(true);
    late.emit('error', new Error('reset after the deadline')); // heard by the listener left on it
  });

  test('a retried send whose stream comes after the budget: timeout, and the late stream destroyed', async () => {
    const late = headOnly();
    const args = normalizeArguments({});
    if (!args.ok) throw new Error('fixture');
    const { outcome } = await callWithRetries(
      {
        gate: createGate({ audit: memoryAuditSink() }),
        tool: deployment,
        context,
        request: { tool: 'deployment_status', arguments: args.value, canonical: args.canonical },
        send: () => sleep(150).then((): RawInput => late),
      },
      defineRetryPolicy({ maxAttempts: 1, budgetMs: 50, initialDelayMs: 0, maxDelayMs: 0 }),
    );
    expect(outcome).toMatchObject({ ok: false, error: { code: 'timeout' } });
    await sleep(200);
    expect(late.destroyed).toBe(true);
    late.emit('error', new Error('reset after the budget'));
  });

  test('a stream in time reaches the gate, which hears it fail on the very next tick', async () => {
    const stream = headOnly();
    const outcome = await gatedCall({
      gate: createGate({ audit: memoryAuditSink() }),
      contract: deployment,
      context: () => ({}),
      run: () => {
        process.nextTick(() => stream.destroy(new Error('reset')));
        return Promise.resolve(stream);
      },
      signal: undefined,
      timeoutMs: 1_000,
    });
    expect(outcome).toMatchObject({ ok: false, error: { code: 'upstream_error', retryable: true } });
  });
});

// boundTransport: replies over the ceiling are replaced before the SDK sees them; everything else passes untouched.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { boundTransport, RESULT_TOO_LARGE_CODE } from '../../src/mcp/bounded-transport.js';

/** An inner transport the test drives by hand, recording what is sent through it. */
function manualTransport() {
  const sent: JSONRPCMessage[] = [];
  const inner: Transport = {
    start: () => Promise.resolve(),
    send: (message) => {
      sent.push(message);
      return Promise.resolve();
    },
    close: () => Promise.resolve(),
    sessionId: 'session-1',
  };
  return { inner, sent };
}

function listen(transport: Transport) {
  const received: JSONRPCMessage[] = [];
  const errors: Error[] = [];
  transport.onmessage = (message) => received.push(message);
  transport.onerror = (error) => errors.push(error);
  return { received, errors };
}

const big = (id: number) => ({
  jsonrpc: '2.0' as const,
  id,
  result: { content: [{ type: 'text', text: 'x'.repeat(5000) }] },
});

describe('boundTransport', () => {
  it('passes a message within the ceiling through as the same object, and forwards sends', async () => {
    const { inner, sent } = manualTransport();
    const outer = boundTransport(inner, { maxMessageBytes: 4096 });
    const { received } = listen(outer);
    const small = { jsonrpc: '2.0' as const, id: 1, result: { content: [] } };
    inner.onmessage!(small);
    expect(received[0]).toBe(small);
    await outer.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    expect(sent).toHaveLength(1);
    expect(outer.sessionId).toBe('session-1');
  });

  it('replaces an oversized reply by an error for the same id, and hands its text over exactly once', () => {
    const { inner } = manualTransport();
    const outer = boundTransport(inner, { maxMessageBytes: 4096 });
    const { received } = listen(outer);
    const reply = big(7);
    inner.onmessage!(reply);
    const replaced = received[0] as {
      id: number;
      error: { code: number; data: { token: string; limit: number; actual: number } };
    };
    expect(replaced).toMatchObject({ id: 7, error: { code: RESULT_TOO_LARGE_CODE, data: { limit: 4096 } } });
    expect(replaced.error.data.actual).toBe(JSON.stringify(reply).length);
    expect(JSON.stringify(replaced)).not.toContain('xxxx');
    expect(outer.takeOversized(replaced.error.data.token)).toBe(JSON.stringify(reply));
    expect(outer.takeOversized(replaced.error.data.token)).toBeUndefined();
    expect(outer.takeOversized('forged')).toBeUndefined();
  });

  it('keeps only the latest oversized replies', () => {
    const { inner } = manualTransport();
    const outer = boundTransport(inner, { maxMessageBytes: 4096 });
    const { received } = listen(outer);
    for (const id of [1, 2, 3]) inner.onmessage!(big(id));
    const tokens = received.map(
      (message) => (message as { error: { data: { token: string } } }).error.data.token,
    );
    expect(tokens.map((token) => outer.takeOversized(token) !== undefined)).toEqual([false, true, true]);
  });

  it('drops an oversized server request or notification and reports it', () => {
    const { inner } = manualTransport();
    const outer = boundTransport(inner, { maxMessageBytes: 4096 });
    const { received, errors } = listen(outer);
    inner.onmessage!({ jsonrpc: '2.0', method: 'notifications/message', params: { data: 'y'.repeat(5000) } });
    expect(received).toEqual([]);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).not.toContain('yyyy');
  });

  it('refuses a ceiling below 1 KiB', () => {
    expect(() => boundTransport(manualTransport().inner, { maxMessageBytes: 10 })).toThrow(TypeError);
  });
});

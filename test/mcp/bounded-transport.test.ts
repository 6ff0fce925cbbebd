// boundTransport and the channel under it: replies to the adapter keep their bytes, the SDK never sees an oversized one.
import { describe, expect, it } from 'vitest';
import { boundTransport } from '../../src/mcp/wire/wrapped-link.js';
import { RESULT_TOO_LARGE_CODE } from '../../src/mcp/wire/types.js';
import { exchange, manualTransport, started } from './support/manual-transport.js';

const big = (id: number | string) => ({
  jsonrpc: '2.0' as const,
  id,
  result: { content: [{ type: 'text', text: 'x'.repeat(5000) }] },
});

describe('boundTransport', () => {
  it('passes a message within the ceiling to the SDK as the same object, and forwards sends', async () => {
    const { inner, sent, outer, received } = await started();
    const small = { jsonrpc: '2.0' as const, id: 1, result: { content: [] } };
    inner.onmessage!(small);
    expect(received[0]).toBe(small);
    await outer.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    expect(sent).toHaveLength(1);
    expect(outer.sessionId).toBe('session-1');
  });

  it('replaces an oversized reply to the SDK by an error for the same id, without its text', async () => {
    const { inner, received } = await started();
    const reply = big(7);
    inner.onmessage!(reply);
    const replaced = received[0] as {
      id: number;
      error: { code: number; data: { limit: number; actual: number } };
    };
    expect(replaced).toMatchObject({ id: 7, error: { code: RESULT_TOO_LARGE_CODE, data: { limit: 4096 } } });
    expect(replaced.error.data.actual).toBe(JSON.stringify(reply).length);
    expect(JSON.stringify(replaced)).not.toContain('xxxx');
  });

  it('drops an oversized server request or notification and reports it', async () => {
    const { inner, received, errors } = await started();
    inner.onmessage!({ jsonrpc: '2.0', method: 'notifications/message', params: { data: 'y'.repeat(5000) } });
    expect(received).toEqual([]);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).not.toContain('yyyy');
  });

  it('refuses a ceiling below 1 KiB', () => {
    expect(() => boundTransport(manualTransport().inner, { maxMessageBytes: 10 })).toThrow(TypeError);
  });
});

describe('the side channel', () => {
  it('settles an exchange with the exact bytes of the result member and its isError flag, never telling the SDK', async () => {
    const { inner, sent, outer, received } = await started();
    const { id, reply } = await exchange(outer, sent);
    expect(id).toMatch(/^airlock:\d+$/);
    inner.onmessage!({
      jsonrpc: '2.0',
      id,
      result: { isError: true, content: [{ type: 'text', text: 'no' }] },
    });
    const settled = await reply;
    expect(settled).toMatchObject({ kind: 'result', isError: true });
    const bytes = (settled as { bytes: Uint8Array }).bytes;
    expect(Buffer.from(bytes).toString()).toBe('{"isError":true,"content":[{"type":"text","text":"no"}]}');
    expect(received).toEqual([]);
  });

  it('hands a JSON-RPC error over as the bytes of its error member', async () => {
    const { inner, sent, outer } = await started();
    const { id, reply } = await exchange(outer, sent);
    inner.onmessage!({ jsonrpc: '2.0', id, error: { code: -32602, message: 'bad' } });
    const settled = (await reply) as { kind: string; bytes: Uint8Array };
    expect(settled.kind).toBe('error');
    expect(Buffer.from(settled.bytes).toString()).toBe('{"code":-32602,"message":"bad"}');
  });

  it('ends an oversized reply to the adapter as too_large with the head of its result, the size counted', async () => {
    const { inner, sent, outer, received } = await started();
    const { id, reply } = await exchange(outer, sent);
    const message = big(id);
    inner.onmessage!(message);
    const settled = (await reply) as { kind: string; head: Uint8Array; total: number; limit: number };
    expect(settled).toMatchObject({ kind: 'too_large', limit: 4096, total: JSON.stringify(message).length });
    expect(Buffer.from(settled.head).toString().startsWith('{"content":[{"type":"text"')).toBe(true);
    expect(received).toEqual([]);
  });

  it('times out, tells the server the request is cancelled, and drops the late reply', async () => {
    const { inner, sent, outer, received } = await started();
    const { id, reply } = await exchange(outer, sent, 20);
    expect(await reply).toEqual({ kind: 'timeout' });
    expect(sent.at(-1)).toMatchObject({ method: 'notifications/cancelled', params: { requestId: id } });
    inner.onmessage!({ jsonrpc: '2.0', id, result: { content: [] } });
    expect(received).toEqual([]);
  });

  it("honours the caller's signal, before and during the exchange", async () => {
    const { sent, outer } = await started();
    expect(await outer.exchange('tools/list', {}, { timeoutMs: 5000, signal: AbortSignal.abort() })).toEqual({
      kind: 'aborted',
    });
    const controller = new AbortController();
    const { reply } = await exchange(outer, sent, 5000, controller.signal);
    controller.abort();
    expect(await reply).toEqual({ kind: 'aborted' });
  });

  it('tells list-changed listeners and the SDK, and fails pending exchanges when the link closes', async () => {
    const { inner, sent, outer, received } = await started();
    let changes = 0;
    const stop = outer.onToolsChanged(() => changes++);
    inner.onmessage!({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    stop();
    inner.onmessage!({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    expect(changes).toBe(1);
    expect(received).toHaveLength(2);
    const { reply } = await exchange(outer, sent);
    inner.onclose!();
    expect(await reply).toEqual({ kind: 'failed' });
    expect(await outer.exchange('tools/list', {}, { timeoutMs: 5000 })).toEqual({ kind: 'failed' });
  });
});

// The side channel in each protocol era: the envelope its requests carry, how they are cancelled, the tool-list subscription.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fieldValue, setMessageHeaders } from '../../src/mcp/wire/http-headers.js';
import type { JsonRpcMessage } from '../../src/mcp/wire/json-rpc.js';
import { exchange, started, type Started } from './support/manual-transport.js';

const MODERN = '2026-07-28';
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientInfo': { name: 'app', version: '3.1.0' },
  'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
};
const SUBSCRIPTION = 'io.modelcontextprotocol/subscriptionId';

/** A transport whose SDK probed with its envelope and negotiated `version`. */
async function negotiated(version: string, perRequest = false): Promise<Started> {
  const wire = await started(4096, perRequest);
  await wire.outer.send({
    jsonrpc: '2.0',
    id: 'probe',
    method: 'server/discover',
    params: { _meta: ENVELOPE },
  });
  wire.outer.setProtocolVersion?.(version);
  return wire;
}

const listens = (sent: readonly JsonRpcMessage[]) => sent.filter((m) => m.method === 'subscriptions/listen');
const notice = (method: string, id: string, params: object = {}): JsonRpcMessage => ({
  jsonrpc: '2.0',
  method,
  params: { ...params, _meta: { [SUBSCRIPTION]: id } },
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the adapter’s requests in each era', () => {
  it('carry nothing extra before 2026-07-28, and the client’s own envelope from it on', async () => {
    const legacy = await negotiated('2025-11-25');
    await exchange(legacy.outer, legacy.sent);
    expect(legacy.sent.at(-1)).toMatchObject({ method: 'tools/call', params: { name: 'echo' } });
    expect((legacy.sent.at(-1)!.params as { _meta?: unknown })._meta).toBeUndefined();
    const modern = await negotiated(MODERN);
    await exchange(modern.outer, modern.sent);
    expect(modern.sent.at(-1)).toEqual({
      jsonrpc: '2.0',
      id: expect.stringMatching(/^airlock:/),
      method: 'tools/call',
      params: { name: 'echo', _meta: ENVELOPE },
    });
  });

  it('name the adapter itself when the client has sent no envelope yet (a resumed connection)', async () => {
    const { outer, sent } = await started();
    outer.setProtocolVersion?.(MODERN);
    await exchange(outer, sent);
    expect(sent.at(-1)!.params).toMatchObject({
      _meta: {
        'io.modelcontextprotocol/protocolVersion': MODERN,
        'io.modelcontextprotocol/clientInfo': { name: 'agent-airlock' },
        'io.modelcontextprotocol/clientCapabilities': {},
      },
    });
  });

  it('are cancelled by an enveloped notice over one channel, and by ending their exchange over HTTP', async () => {
    const shared = await negotiated(MODERN);
    const { id, reply } = await exchange(shared.outer, shared.sent, 20);
    expect(await reply).toEqual({ kind: 'timeout' });
    expect(shared.sent.at(-1)).toMatchObject({
      method: 'notifications/cancelled',
      params: { requestId: id, _meta: ENVELOPE },
    });
    const http = await negotiated(MODERN, true);
    expect(http.outer.hasPerRequestStream).toBe(true);
    const pending = await exchange(http.outer, http.sent, 20);
    expect(await pending.reply).toEqual({ kind: 'timeout' });
    expect(http.sent.at(-1)).toMatchObject({ id: pending.id, method: 'tools/call' });
    expect(http.options.at(-1)?.requestSignal?.aborted).toBe(true);
  });

  it('end as a tool failure when a 2026-07-28 result is not complete (the server asks for input)', async () => {
    const { inner, outer, sent } = await negotiated(MODERN);
    const asking = await exchange(outer, sent);
    const inputRequests = { confirm: { method: 'elicitation/create', params: { message: 'Deploy?' } } };
    inner.onmessage!({
      jsonrpc: '2.0',
      id: asking.id,
      result: { resultType: 'input_required', inputRequests },
    });
    expect(await asking.reply).toMatchObject({ kind: 'result', isError: true });
    const done = await exchange(outer, sent);
    inner.onmessage!({ jsonrpc: '2.0', id: done.id, result: { resultType: 'complete', content: [] } });
    expect(await done.reply).toMatchObject({ kind: 'result', isError: false });
  });
});

describe('the tool-list subscription', () => {
  it('is not opened before 2026-07-28, where list changes come unasked', async () => {
    const { inner, outer, sent } = await negotiated('2025-11-25');
    let changes = 0;
    outer.onToolsChanged(() => changes++);
    inner.onmessage!({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    expect(listens(sent)).toEqual([]);
    expect(changes).toBe(1);
  });

  it('is opened with the envelope, and its notices go to the adapter, never to the SDK', async () => {
    const { inner, outer, sent, received } = await negotiated(MODERN);
    let changes = 0;
    outer.onToolsChanged(() => changes++);
    const [listen] = listens(sent);
    expect(listen).toMatchObject({ params: { notifications: { toolsListChanged: true }, _meta: ENVELOPE } });
    const id = listen!.id as string;
    inner.onmessage!(notice('notifications/subscriptions/acknowledged', id));
    inner.onmessage!(notice('notifications/tools/list_changed', id));
    expect(changes).toBe(1);
    // The SDK's own subscription reports the same change: the SDK hears it, the adapter does not count it twice.
    const sdkNotice = notice('notifications/tools/list_changed', 'listen:0');
    inner.onmessage!(sdkNotice);
    expect(changes).toBe(1);
    expect(received).toEqual([sdkNotice]);
  });

  it('is opened again after it ends, and then announces a change it may have missed', async () => {
    vi.useFakeTimers();
    const { inner, outer, sent } = await negotiated(MODERN);
    let changes = 0;
    outer.onToolsChanged(() => changes++);
    const first = listens(sent)[0]!.id as string;
    inner.onmessage!(notice('notifications/subscriptions/acknowledged', first));
    inner.onmessage!({ jsonrpc: '2.0', id: first, result: { resultType: 'complete' } });
    expect(listens(sent)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    const second = listens(sent)[1]!.id as string;
    expect(second).not.toBe(first);
    expect(changes).toBe(0);
    inner.onmessage!(notice('notifications/subscriptions/acknowledged', second));
    expect(changes).toBe(1);
  });

  it('is given up, and reported, when the server refuses it', async () => {
    vi.useFakeTimers();
    const { inner, outer, sent, errors } = await negotiated(MODERN);
    outer.onToolsChanged(() => undefined);
    const id = listens(sent)[0]!.id as string;
    inner.onmessage!({ jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(listens(sent)).toHaveLength(1);
    expect(errors.map((error) => error.message)).toEqual([expect.stringContaining('subscription')]);
  });

  it('is cancelled, on the server too, when the last listener leaves', async () => {
    const { outer, sent, options } = await negotiated(MODERN);
    const stop = outer.onToolsChanged(() => undefined);
    const id = listens(sent)[0]!.id as string;
    const listenOptions = options[sent.findIndex((message) => message.id === id)];
    stop();
    expect(sent.at(-1)).toMatchObject({
      method: 'notifications/cancelled',
      params: { requestId: id, _meta: ENVELOPE },
    });
    expect(listenOptions?.requestSignal?.aborted).toBe(true);
  });
});

describe('the HTTP headers of a message', () => {
  it('follow its envelope: revision, method, and the name of what it calls, encoded when not plain', () => {
    const headers = new Headers();
    const call = { name: 'résumé', arguments: {}, _meta: ENVELOPE };
    setMessageHeaders(
      headers,
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: call },
      {
        'Mcp-Param-Region': 'eu',
        'mcp-method': 'forged',
      },
    );
    expect(Object.fromEntries(headers)).toEqual({
      'mcp-param-region': 'eu',
      'mcp-protocol-version': MODERN,
      'mcp-method': 'tools/call',
      'mcp-name': `=?base64?${Buffer.from('résumé').toString('base64')}?=`,
    });
    const plain = new Headers();
    setMessageHeaders(plain, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo' } }, {});
    expect([...plain.keys()]).toEqual([]);
  });

  it('encode a value that would not survive as a field value as it is', () => {
    expect(fieldValue('get-weather')).toBe('get-weather');
    for (const value of ['', ' padded', 'line\nbreak', '=?base64?eA==?='])
      expect(Buffer.from(fieldValue(value).slice(9, -2), 'base64').toString()).toBe(value);
  });
});

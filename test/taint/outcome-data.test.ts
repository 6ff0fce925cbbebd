// Accepted data from the gate: text and html leaves arrive as Untrusted<string>, everything else plain, JSON unchanged.
import { expect, test } from 'vitest';
import { memoryAuditSink } from '../../src/audit/sinks.js';
import { defineTool } from '../../src/contract/define-tool.js';
import { createGate } from '../../src/gate/create-gate.js';
import { taintData } from '../../src/taint/outcome-data.js';
import { revealUntrusted } from '../../src/taint/reveal.js';
import { isUntrusted, type Untrusted } from '../../src/taint/untrusted.js';

const text = (max: number) => ({ type: 'string', maxLength: max, 'x-purpose': 'text' });

const tool = defineTool({
  name: 'kb_search',
  version: 'kb_search.v1',
  schema: {
    type: 'object',
    required: ['id', 'state', 'title', 'body', 'link', 'tags'],
    properties: {
      id: { type: 'string', pattern: '^KB-[0-9]{1,6}$', maxLength: 9, 'x-purpose': 'id' },
      state: { enum: ['draft', 'published'] },
      title: text(80),
      body: { type: 'string', maxLength: 200, 'x-purpose': 'html' },
      link: { type: 'string', maxLength: 100, 'x-purpose': 'url' },
      tags: { type: 'array', maxItems: 3, items: text(20) },
      views: { type: 'integer' },
    },
    additionalProperties: false,
  },
});

const raw = {
  id: 'KB-7',
  state: 'published',
  title: 'Reset a password',
  body: '<p>Open <em>Settings</em></p>',
  link: 'https://kb.example.com/7',
  tags: ['login', 'account'],
  views: 3,
};

async function accepted(): Promise<Record<string, unknown>> {
  const gate = createGate({ audit: memoryAuditSink() });
  const outcome = await gate.accept(tool, JSON.stringify(raw), { requestId: 'req.00000001' });
  if (!outcome.ok) throw new Error(`expected an accepted outcome, got ${outcome.error.code}`);
  return outcome.data as Record<string, unknown>;
}

test('text and html leaves are untrusted with the tool as source; ids, enums, urls and numbers stay plain', async () => {
  const data = await accepted();
  for (const name of ['title', 'body']) {
    const leaf = data[name] as Untrusted<string>;
    expect(isUntrusted(leaf)).toBe(true);
    expect(leaf.source).toBe('kb_search');
  }
  expect((data.tags as unknown[]).every(isUntrusted)).toBe(true);
  expect(revealUntrusted(data.title as Untrusted<string>)).toBe('Reset a password');
  expect(revealUntrusted((data.tags as Untrusted<string>[])[1]!)).toBe('account');
  expect([data.id, data.state, data.link, data.views]).toEqual([
    'KB-7',
    'published',
    'https://kb.example.com/7',
    3,
  ]);
});

test('an accepted outcome has exactly the JSON of its plain data', async () => {
  const gate = createGate({ audit: memoryAuditSink() });
  const outcome = await gate.accept(tool, JSON.stringify(raw), { requestId: 'req.00000001' });
  expect(JSON.parse(JSON.stringify(outcome))).toMatchObject({ ok: true, data: raw });
  expect(JSON.stringify(outcome.ok && outcome.data)).toBe(JSON.stringify(raw));
});

test('containers on the way are copied with their order and frozenness; the rest is shared', () => {
  const shared = Object.freeze({ n: 1 });
  const data = Object.freeze({ a: 'x', b: Object.freeze(['y', 'z']), c: shared, ['__proto__']: 'p' });
  const purposes = { '/a': 'text', '/b/1': 'html', '/__proto__': 'text' } as const;
  const tainted = taintData(data, purposes, 'kb_search') as Record<string, unknown>;
  expect(Object.keys(tainted)).toEqual(['a', 'b', 'c', '__proto__']);
  expect(Object.isFrozen(tainted) && Object.isFrozen(tainted.b)).toBe(true);
  expect(tainted.c).toBe(shared);
  expect(isUntrusted(Object.getOwnPropertyDescriptor(tainted, '__proto__')?.value)).toBe(true);
  expect(Object.getPrototypeOf(tainted)).toBe(Object.prototype);
  expect((tainted.b as unknown[])[0]).toBe('y');
  expect(JSON.stringify(tainted)).toBe(JSON.stringify(data));
});

test('a top-level text string is wrapped; data without prose is returned as it is', () => {
  expect(isUntrusted(taintData('hello', { '': 'text' }, 'kb_search'))).toBe(true);
  const plain = { id: 'KB-1' };
  expect(taintData(plain, { '/id': 'id' }, 'kb_search')).toBe(plain);
});

test('a tool name that is not a source label gives the source `tool`', () => {
  const wrapped = taintData({ a: 'x' }, { '/a': 'text' }, 'has space') as { a: Untrusted<string> };
  expect(wrapped.a.source).toBe('tool');
});

test('a pointer that does not lead to a string leaves the value alone', () => {
  const data = { a: 1, b: ['x'] };
  const tainted = taintData(data, { '/a': 'text', '/b/5': 'text', '/c/d': 'text' }, 'kb') as typeof data;
  expect(tainted).toEqual({ a: 1, b: ['x'] });
});

test('an object without a prototype keeps none, and its members, __proto__ included', () => {
  const data = Object.assign(Object.create(null) as Record<string, unknown>, { a: 'x', n: 2 });
  Object.defineProperty(data, '__proto__', { value: 'p', enumerable: true, writable: true });
  const tainted = taintData(data, { '/a': 'text', '/__proto__': 'html' }, 'kb') as Record<string, unknown>;
  expect(Object.getPrototypeOf(tainted)).toBeNull();
  expect(Object.keys(tainted)).toEqual(['a', 'n', '__proto__']);
  expect([
    isUntrusted(tainted.a),
    tainted.n,
    isUntrusted(Object.getOwnPropertyDescriptor(tainted, '__proto__')?.value),
  ]).toEqual([true, 2, true]);
});

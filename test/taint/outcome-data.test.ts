// Accepted data from the gate: text and html leaves arrive as Untrusted<string>, everything else plain, JSON unchanged.
import { expect, test } from 'vitest';
import { memoryAuditSink } from '../../src/audit/sinks.js';
import { defineTool } from '../../src/contract/define-tool.js';
import { createGate } from '../../src/gate/create-gate.js';
import { IDENTITY_PROJECTION } from '../../src/project/projection.js';
import { untrustedPlacer } from '../../src/taint/outcome-data.js';
import { revealUntrusted } from '../../src/taint/reveal.js';
import { isUntrusted, type Untrusted } from '../../src/taint/untrusted.js';
import { PurposeIndex } from '../../src/walk/purpose-index.js';

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

test('the placer wraps text and html with the tool as source and leaves ids, enums and urls plain', () => {
  const place = untrustedPlacer('kb_search');
  for (const kind of ['text', 'html'] as const) {
    const placed = place('x', kind) as Untrusted<string>;
    expect([isUntrusted(placed), placed.source, revealUntrusted(placed)]).toEqual([true, 'kb_search', 'x']);
  }
  for (const kind of ['id', 'enum', 'url'] as const) expect(place('x', kind)).toBe('x');
});

test('a tool name that is not a source label gives the source `tool`', () => {
  expect((untrustedPlacer('has space')('x', 'text') as Untrusted<string>).source).toBe('tool');
});

test('a top-level text string is accepted untrusted', async () => {
  const note = defineTool({
    name: 'note',
    version: 'note.v1',
    schema: { type: 'string', maxLength: 20, 'x-purpose': 'text' },
  });
  const gate = createGate({ audit: memoryAuditSink() });
  const outcome = await gate.accept(note, JSON.stringify('hello'), { requestId: 'req.00000001' });
  if (!outcome.ok) throw new Error(`expected an accepted outcome, got ${outcome.error.code}`);
  expect(isUntrusted(outcome.data)).toBe(true);
  expect(revealUntrusted(outcome.data as Untrusted<string>)).toBe('hello');
});

test('a member named __proto__ is placed as a member, in order, on a plain object', async () => {
  const data = JSON.parse('{"a":"x","__proto__":"p","n":2}') as Record<string, unknown>;
  const index = new PurposeIndex();
  index.set(data, 'a', 'text');
  index.set(data, '__proto__', 'html');
  const projected = await IDENTITY_PROJECTION.paced(data, index, undefined, untrustedPlacer('kb'));
  const value = projected?.value as Record<string, unknown>;
  expect(Object.keys(value)).toEqual(['a', '__proto__', 'n']);
  expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  expect([
    isUntrusted(value.a),
    isUntrusted(Object.getOwnPropertyDescriptor(value, '__proto__')?.value),
    value.n,
  ]).toEqual([true, true, 2]);
  expect(JSON.stringify(value)).toBe(JSON.stringify(data));
});

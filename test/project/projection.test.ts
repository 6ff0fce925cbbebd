// Projection builds a fresh, small object from a sanitized value and carries each string's purpose along.
import { expect, test } from 'vitest';
import { compileProjection, IDENTITY_PROJECTION } from '../../src/project/projection.js';
import { PurposeIndex } from '../../src/walk/purpose-index.js';

function ticketPage() {
  const items = [
    { id: 'T-1', title: 'a', body: 'secret' },
    { id: 'T-2', title: 'b', body: 'secret' },
  ];
  const data = { items, nextCursor: 'c2' };
  const index = new PurposeIndex();
  for (const item of items) {
    index.set(item, 'id', 'id');
    index.set(item, 'title', 'text');
    index.set(item, 'body', 'text');
  }
  index.set(data, 'nextCursor', 'id');
  return { value: { data, debug: 'trace' }, index };
}

test('picks fields, maps arrays with each, drops the rest, re-keys purposes', () => {
  const project = compileProjection({
    items: { from: '/data/items', each: { id: '/id', title: '/title' } },
    next: '/data/nextCursor',
    missing: '/data/nothing',
  });
  const { value, index } = ticketPage();
  const projected = project(value, index);
  expect(projected.value).toEqual({
    items: [
      { id: 'T-1', title: 'a' },
      { id: 'T-2', title: 'b' },
    ],
    next: 'c2',
  });
  expect({ ...projected.purposes }).toEqual({
    '/items/0/id': 'id',
    '/items/0/title': 'text',
    '/items/1/id': 'id',
    '/items/1/title': 'text',
    '/next': 'id',
  });
  expect(JSON.stringify(projected.value)).not.toMatch(/secret|trace/);
});

test('a picked subtree keeps the purposes of every string in it; the identity projection keeps all', () => {
  const { value, index } = ticketPage();
  const subtree = compileProjection({ first: '/data/items/0' })(value, index);
  expect({ ...subtree.purposes }).toEqual({
    '/first/id': 'id',
    '/first/title': 'text',
    '/first/body': 'text',
  });
  const whole = IDENTITY_PROJECTION(value, index);
  expect(Object.keys(whole.purposes)).toHaveLength(7);
  expect(whole.purposes['/debug']).toBeUndefined();
});

test('member names like __proto__ stay plain data in the projected object', () => {
  const project = compileProjection({ copy: '' });
  const value = JSON.parse('{"__proto__":{"polluted":true}}') as unknown;
  const out = project(value, new PurposeIndex()).value as Record<string, unknown>;
  expect(Object.getPrototypeOf(out.copy)).toBe(Object.prototype);
  expect(Object.hasOwn(out.copy as object, '__proto__')).toBe(true);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

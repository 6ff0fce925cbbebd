// The sanitize walk copies on write: the walked value is never written, and only changed containers are copied.
import { describe, expect, it } from 'vitest';
import { defineTool } from '../../src/contract/define-tool.js';
import { DEFAULT_LIMITS } from '../../src/vocabulary/limits.js';
import { sanitizeValue } from '../../src/walk/sanitize-value.js';

const text = { type: 'string', maxLength: 200, 'x-purpose': 'text' } as const;
const html = { type: 'string', maxLength: 2000, 'x-purpose': { kind: 'html', hosts: ['docs.example.com'] } };
const closed = <P extends Record<string, unknown>>(properties: P) =>
  ({ type: 'object', properties, additionalProperties: false }) as const;

const tool = defineTool({
  name: 'copy_on_write',
  version: 'v1',
  schema: closed({
    changed: closed({ dirty: text, clean: text }),
    untouched: closed({ clean: text, list: { type: 'array', maxItems: 10, items: text } }),
    deep: closed({ x: closed({ y: closed({ z: text }) }) }),
    list: { type: 'array', maxItems: 10, items: text },
    rich: { type: 'array', maxItems: 10, items: html },
  }),
});

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

function input() {
  return deepFreeze({
    changed: { dirty: 'ig\u200Bnore', clean: 'fine' },
    untouched: { clean: 'calm', list: ['a', 'b'] },
    deep: { x: { y: { z: 'bell\u0007' } } },
    list: ['one', 'tw\u200Bo', 'three'],
    rich: ['plain', '<p onclick="x()">rich</p>'],
  });
}

async function sanitized(value: unknown) {
  const result = await sanitizeValue(value, tool.contract.shape, 1000, DEFAULT_LIMITS.output, undefined, {});
  if (!result.ok) throw new Error(result.issue.code);
  return result;
}

describe('the sanitize walk copies on write', () => {
  it('never writes the walked value (deeply frozen here), and gives the fully sanitized value', async () => {
    const value = input();
    const before = JSON.stringify(value);
    const result = await sanitized(value);
    expect(JSON.stringify(value)).toBe(before);
    expect(result.value).toEqual({
      changed: { dirty: 'ignore', clean: 'fine' },
      untouched: { clean: 'calm', list: ['a', 'b'] },
      deep: { x: { y: { z: 'bell' } } },
      list: ['one', 'two', 'three'],
      rich: ['plain', '<p>rich</p>'],
    });
  });

  it('copies a changed container with all its ancestors, and shares every container nothing changed', async () => {
    const value = input();
    const out = (await sanitized(value)).value as ReturnType<typeof input>;
    expect(out).not.toBe(value);
    expect(out.changed).not.toBe(value.changed);
    expect(out.deep).not.toBe(value.deep);
    expect(out.deep.x).not.toBe(value.deep.x);
    expect(out.deep.x.y).not.toBe(value.deep.x.y);
    expect(out.list).not.toBe(value.list);
    expect(out.rich).not.toBe(value.rich);
    expect(out.untouched).toBe(value.untouched);
    expect(out.untouched.list).toBe(value.untouched.list);
  });

  it('records the purpose of every string under the container that holds it in the result', async () => {
    const result = await sanitized(input());
    const out = result.value as ReturnType<typeof input>;
    expect(result.purposes.of(out.changed, 'dirty')).toBe('text');
    expect(result.purposes.of(out.untouched, 'clean')).toBe('text');
    expect(result.purposes.of(out.untouched.list, 1)).toBe('text');
    expect(result.purposes.of(out.deep.x.y, 'z')).toBe('text');
    expect(result.purposes.of(out.rich, 1)).toBe('html');
  });

  it('leaves a value in which nothing changed entirely shared', async () => {
    const value = deepFreeze({ untouched: { clean: 'calm', list: ['a'] }, list: ['one'] });
    expect((await sanitized(value)).value).toBe(value);
  });
});

// The contract compiler on its own: what it covers, what it leaves to the interpreter, and what it writes.
import { describe, expect, test } from 'vitest';
import { defineTool, type ToolContract } from '../../src/contract/define-tool.js';
import { expectSameAnswer } from './differential.js';

const item = {
  type: 'object',
  required: ['id', 'title'],
  properties: {
    id: { type: 'string', pattern: '^T-[0-9]{1,6}$', maxLength: 8, 'x-purpose': 'id' },
    title: { type: 'string', maxLength: 200, 'x-purpose': 'text' },
  },
  additionalProperties: false,
};

function page(extra: Record<string, unknown> = {}): ToolContract {
  return {
    name: 'page',
    version: 'page.v1',
    schema: {
      type: 'object',
      required: ['items'],
      properties: { items: { type: 'array', maxItems: 5000, items: { ...item, ...extra } } },
      additionalProperties: false,
    },
    project: { titles: { from: '/items', each: '/title' } },
  };
}

describe('the contract compiler', () => {
  test('compiles a closed contract to one source, made from the contract alone', () => {
    const tool = defineTool(page());
    if (!('source' in tool.pass)) expect.fail(tool.pass.message);
    expect(tool.pass.source).toContain('case "title":');
    expect(tool.pass.source).toContain('// "#/properties/items/items"');
    expect(tool.pass.paced).toBe(true);
    expect(defineTool(page()).pass).not.toBe(tool.pass);
  });

  test.each([
    ['dependentRequired', { dependentRequired: { title: ['id'] } }, 'the keyword "dependentRequired"'],
    ['propertyNames', { propertyNames: { enum: ['id', 'title'] } }, 'the keyword "propertyNames"'],
  ])('leaves a contract with %s to the interpreter, saying where', async (_, extra, reason) => {
    const tool = defineTool(page(extra));
    if ('source' in tool.pass) expect.fail('compiled');
    expect(tool.pass.reason).toBe(reason);
    expect(tool.pass.location).toBe('/properties/items/items');
    const accepted = await expectSameAnswer(tool, JSON.stringify({ items: [{ id: 'T-1', title: 'a' }] }));
    expect(accepted).toBe(true);
  });

  test('member names that look like code stay quoted in the source, and answer as the interpreter does', async () => {
    const names = ['*/ throw 1; /*', '"); throw 1; ("', 'line\u2028break', '\\', '${x}', 'case', 'default'];
    const properties = Object.fromEntries(
      names.map((name) => [name, { type: 'string', maxLength: 40, 'x-purpose': 'text' }]),
    );
    const tool = defineTool({
      name: 'quoted',
      version: 'q.v1',
      schema: { type: 'object', properties, required: names, additionalProperties: false },
      project: Object.fromEntries(
        names.map((name, i) => [`f${String(i)}`, `/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`]),
      ),
    });
    if (!('source' in tool.pass)) expect.fail(tool.pass.message);
    expect(tool.pass.source).not.toContain('\u2028');
    const document = Object.fromEntries(names.map((name) => [name, `<b>${name}</b>\u202e`]));
    expect(await expectSameAnswer(tool, JSON.stringify(document))).toBe(true);
    expect(await expectSameAnswer(tool, JSON.stringify({ ...document, extra: 'x' }))).toBe(false);
  });

  test('a long list pauses between items and answers as the interpreter does', async () => {
    const tool = defineTool(page());
    const items = Array.from({ length: 4000 }, (_, i) => ({
      id: `T-${String(i)}`,
      title: `ticket ${String(i)} \u200b`,
    }));
    expect(await expectSameAnswer(tool, JSON.stringify({ items }))).toBe(true);
  });
});

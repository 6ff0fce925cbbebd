// The html purpose inside the sanitize walk: many fields at once, findings at their pointers, refusals.
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/vocabulary/limits.js';
import { htmlPurpose } from '../../src/purposes/html/sanitize-html.js';
import { configurePurpose } from '../../src/purposes/purpose.js';
import { sanitizeValue } from '../../src/walk/sanitize-value.js';
import { createAjv } from '../../src/schema/ajv-factory.js';
import { buildPlan } from '../../src/walk/plan.js';
import { ShapeCache, type Shape } from '../../src/walk/shape.js';

const OPTIONS = { hosts: ['docs.example.com'] };

/** `{ "bodies": [html, …] }`, compiled as a contract is, each string an html field linking to docs.example.com. */
function bodiesShape(): Shape {
  const schema = {
    $id: 'test:html-bodies',
    type: 'object',
    properties: {
      bodies: {
        type: 'array',
        maxItems: 1000,
        items: { type: 'string', maxLength: 4096, 'x-purpose': { kind: 'html', ...OPTIONS } },
      },
    },
  };
  const ajv = createAjv();
  ajv.compile(schema);
  const plan = buildPlan(schema, schema.$id, ajv, (node, location) =>
    configurePurpose(htmlPurpose, { node, options: OPTIONS, defaults: undefined, location }),
  );
  return ShapeCache.root(plan);
}

describe('html fields in the sanitize walk', () => {
  it('sanitizes hundreds of fields, plain and rich, with findings at each field', async () => {
    const bodies = Array.from({ length: 300 }, (_, i) =>
      i % 3 === 0
        ? `plain ${i}`
        : `<p onclick="x()">rich ${i} <a href="https://docs.example.com/${i}">d</a></p>`,
    );
    const result = await sanitizeValue({ bodies }, bodiesShape(), 30_000, DEFAULT_LIMITS.output);
    if (!result.ok) throw new Error(result.issue.code);
    const out = (result.value as { bodies: string[] }).bodies;
    expect(out[0]).toBe('plain 0');
    expect(out[1]).toBe(
      '<p>rich 1 <a href="https://docs.example.com/1" rel="noopener noreferrer nofollow ugc">d</a></p>',
    );
    const removed = result.findings.filter((finding) => finding.code === 'html.attribute_removed');
    expect(removed).toHaveLength(200);
    expect(removed[0]).toMatchObject({ pointer: '/bodies/1', count: 1 });
    expect(result.purposes.of(out, 299)).toBe('html');
  });

  it('refuses the value when one field grows past the budget, naming the field', async () => {
    const result = await sanitizeValue(
      { bodies: ['<p>fine</p>', '<'.repeat(200)] },
      bodiesShape(),
      300,
      DEFAULT_LIMITS.output,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issue).toEqual({ stage: 'sanitize', code: 'sanitize.rejected', pointer: '/bodies/1' });
    expect(result.findings).toContainEqual(
      expect.objectContaining({ code: 'html.expansion_exceeded', pointer: '/bodies/1', action: 'rejected' }),
    );
  });
});

// projectForBudget: whole items only, in order, with a continuation marker that fits the budget.
import { describe, expect, it } from 'vitest';
import { continuationMarker, MIN_BUDGET_BYTES, projectForBudget } from '../../../sinks/prompt/budget.js';
import { untrusted } from '../../../src/taint/untrusted.js';

const bytes = (text: string): number => new TextEncoder().encode(text).length;
const items = Array.from({ length: 10 }, (_, index) => `item-${index}-` + 'x'.repeat(90));

describe('projectForBudget', () => {
  it('keeps everything when it fits', () => {
    expect(projectForBudget(items, { maxBytes: 10_000 })).toEqual({ complete: true, items });
  });

  it('keeps a whole-item prefix and marks the rest, marker included in the budget', () => {
    const projection = projectForBudget(items, { maxBytes: 600 });
    expect(projection.complete).toBe(false);
    if (projection.complete) return;
    expect(projection.items).toEqual(items.slice(0, projection.nextIndex));
    expect(projection.omitted).toBe(items.length - projection.nextIndex);
    expect(projection.continuation).toBe(continuationMarker(projection.nextIndex, items.length));
    expect(bytes([...projection.items, projection.continuation].join('\n\n'))).toBeLessThanOrEqual(600);
    expect(
      bytes([...items.slice(0, projection.nextIndex + 1), projection.continuation].join('\n\n')),
    ).toBeGreaterThan(600);
  });

  it('never cuts inside a value: an item larger than the budget is left out whole', () => {
    const projection = projectForBudget(['y'.repeat(5000), 'small'], { maxBytes: 1000 });
    expect(projection).toMatchObject({ complete: false, items: [], nextIndex: 0, omitted: 2 });
  });

  it('measures untrusted values by their text or JSON, in UTF-8 bytes', () => {
    const values = [untrusted('é'.repeat(100), 'a'), untrusted({ n: 'z'.repeat(100) }, 'b')];
    expect(projectForBudget(values, { maxBytes: 200 + 2 + 110 }).complete).toBe(true);
    expect(projectForBudget(values, { maxBytes: 200 + 2 + 100 }).complete).toBe(false);
  });

  it('estimates tokens as bytes ÷ 3 and applies the tighter of two budgets', () => {
    expect(projectForBudget(items, { maxTokensApprox: 200 })).toEqual(
      projectForBudget(items, { maxBytes: 600 }),
    );
    expect(projectForBudget(items, { maxBytes: 600, maxTokensApprox: 10_000 })).toEqual(
      projectForBudget(items, { maxBytes: 600 }),
    );
  });

  it('refuses a missing, non-integer, non-positive or too small budget', () => {
    expect(() => projectForBudget(items, {})).toThrow(TypeError);
    expect(() => projectForBudget(items, { maxBytes: 1.5 })).toThrow(TypeError);
    expect(() => projectForBudget(items, { maxBytes: -1 })).toThrow(TypeError);
    expect(() => projectForBudget(items, { maxBytes: MIN_BUDGET_BYTES - 1 })).toThrow(TypeError);
  });
});

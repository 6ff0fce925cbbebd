// The benchmark fixture: a deterministic, realistic ticket-search response the strict parser accepts.
import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { ticketSearchJson, ticketSearchResponse } from '../../bench/fixtures/ticket-search.js';
import { parseJson } from '../../src/json/parse.js';

describe('ticket-search fixture', () => {
  it('is deterministic', () => {
    expect(ticketSearchJson(50)).toBe(ticketSearchJson(50));
    expect(ticketSearchResponse(3)).toEqual(ticketSearchResponse(3));
  });

  it('is about 20 KB for 50 items and 2 MB for 5,000', () => {
    const small = Buffer.byteLength(ticketSearchJson(50));
    const large = Buffer.byteLength(ticketSearchJson(5_000));
    expect(small).toBeGreaterThan(15_000);
    expect(small).toBeLessThan(25_000);
    expect(large).toBeGreaterThan(1_500_000);
    expect(large).toBeLessThan(2_500_000);
  });

  it('has the seed envelope, multilingual titles and escapes', () => {
    const response = ticketSearchResponse(50);
    expect(Object.keys(response)).toEqual(['schemaVersion', 'outcome', 'data', 'provenance', 'truncated']);
    expect(response.data.items).toHaveLength(50);
    expect(response.data.items[0]?.id).toBe('T-42');
    const titles = response.data.items.map((item) => item.title).join('');
    for (const script of [/\p{Script=Han}/u, /\p{Script=Arabic}/u, /[À-ÿ]/u, /\p{Extended_Pictographic}/u]) {
      expect(titles).toMatch(script);
    }
    expect(ticketSearchJson(50)).toMatch(/\\n|\\"|\\\\/);
  });

  it('parses strictly under limits sized for it', () => {
    const text = ticketSearchJson(5_000);
    expect(parseJson(text, { maxItems: 5_000, maxNodes: 1_000_000 })).toEqual({
      ok: true,
      value: JSON.parse(text),
    });
    expect(parseJson(ticketSearchJson(50))).toEqual({ ok: true, value: JSON.parse(ticketSearchJson(50)) });
  });
});

// The browser's quiet parse renames only what would file a CSP report; DOMPurify's output and findings do not change.
import { describe, expect, test } from 'vitest';
import { defineEgressPolicy } from '../../../src/egress/policy.js';
import { loadHtmlDom } from '../../../src/purposes/html/window.js';
import { quietMarkup } from '../../../sinks/html/quiet-markup.js';
import { dompurifyPayloads, FIXTURE_HOST } from '../../browser/hostile-inputs.js';

const policies = { links: defineEgressPolicy({ hosts: [FIXTURE_HOST] }), images: undefined };

describe('quietMarkup', () => {
  test('renames event handlers, style attributes, <style> and <base>, wherever the parser meets them', () => {
    expect(quietMarkup('<p ONclick=x style="a" title=t>hi</p>')).toBe(
      '<p data-airlock-quiet-0=x data-airlock-quiet-1="a" title=t>hi</p>',
    );
    expect(quietMarkup('<select><img onerror=1></select>')).toBe(
      '<select><img data-airlock-quiet-0=1></select>',
    );
    expect(quietMarkup('<STYLE>p{}</style><base href=x><svg><style>a</style></svg>')).toBe(
      '<noframes>p{}</noframes><basefont href=x><svg><noframes>a</noframes></svg>',
    );
  });

  test('leaves text alone: a name in raw text, RCDATA or a value is not a tag', () => {
    for (const text of [
      '<textarea><b onclick=1></textarea>',
      '<title><style></title>',
      '<p title="<style onload=1>">x</p>',
      'no markup onclick=1',
      '<!-- <b onclick=1> -->',
    ])
      expect(quietMarkup(text)).toBe(text);
  });

  test('never reuses a name the markup already holds', () => {
    expect(quietMarkup('<p data-airlock-quiet-0=a onclick=b>x</p>')).toBe(
      '<p data-airlock-quiet-0=a data-airlock-quietx-0=b>x</p>',
    );
  });

  test('every DOMPurify fixture sanitizes to the same html and findings as before it was renamed', async () => {
    const payloads = dompurifyPayloads();
    const { sanitize } = await loadHtmlDom();
    const changed = payloads.filter((payload) => quietMarkup(payload) !== payload);
    const differences = changed.filter((payload) => {
      const before = sanitize(payload, policies);
      const after = sanitize(quietMarkup(payload), policies);
      return JSON.stringify(before) !== JSON.stringify(after);
    });
    console.log(
      `${String(changed.length)} of ${String(payloads.length)} fixtures renamed; all sanitize alike`,
    );
    expect(differences).toEqual([]);
    if (payloads.length > 0) expect(changed.length).toBeGreaterThan(50);
  });
});

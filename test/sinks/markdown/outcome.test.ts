// renderOutcomeMarkdown: purposes decide, text stays literal, only allowed URLs are links, structure nests.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderOutcomeMarkdown } from '../../../sinks/markdown/outcome.js';
import { renderMarkdown } from '../../../sinks/markdown/render.js';
import { defineEgressPolicy } from '../../../src/egress/policy.js';
import type { ToolOutcome } from '../../../src/vocabulary/outcome.js';
import type { PurposeKind } from '../../../src/vocabulary/purpose-kinds.js';
import { inspectHtml } from '../html/inspect-html.js';

const policy = defineEgressPolicy({ hosts: ['tickets.example.com'] });

function outcome(data: unknown, purposes: Record<string, PurposeKind> = {}): ToolOutcome<unknown> {
  return {
    ok: true,
    data,
    meta: { tool: 't', schemaVersion: 'v1', requestId: 'req.00000001', findings: [], purposes },
  };
}

describe('renderOutcomeMarkdown', () => {
  it('writes fields and lists as nested bullets with escaped names and values', () => {
    const data = { id: 'T-1', 'a*b': ['x', { deep: '# not a heading' }], empty: [] };
    expect(renderOutcomeMarkdown(outcome(data, { '/id': 'id' }), { policy }).markdown).toBe(
      ['- id: T\\-1', '- a\\*b:', '  - x', '  -', '    - deep: \\# not a heading', '- empty:'].join('\n'),
    );
  });

  it('links an allowed url to its canonical form and leaves a blocked one as text, with a finding', () => {
    const data = { ok: 'https://TICKETS.example.com/t/1?a=(1)', bad: 'https://evil.example/?d=1' };
    const written = renderOutcomeMarkdown(outcome(data, { '/ok': 'url', '/bad': 'url' }), { policy });
    const html = renderMarkdown(written.markdown, { policy, linkify: true }).html;
    expect(inspectHtml(html).hrefs).toEqual(['https://tickets.example.com/t/1?a=(1)']);
    expect(inspectHtml(html).text).toContain('https://evil.example/?d=1');
    expect(written.findings).toEqual([
      {
        code: 'sink.url_blocked',
        pointer: '/bad',
        count: 1,
        action: 'cleaned',
        detail: { reason: 'host_not_allowed' },
      },
    ]);
  });

  it('shows an html field as the literal text of its markup', () => {
    const written = renderOutcomeMarkdown(
      { purpose: 'html', value: '<p>Hi <a href="https://tickets.example.com/">t</a></p>' },
      { policy },
    );
    const html = renderMarkdown(written.markdown, { policy }).html;
    expect(inspectHtml(html)).toEqual({
      hrefs: [],
      media: 0,
      text: '<p>Hi <a href="https://tickets.example.com/">t</a></p>\n',
    });
  });

  it('for any data with text purposes, renders every string literally and nothing live', () => {
    const strings = fc.string({ unit: 'binary', maxLength: 40 }).map((text) => text.replaceAll('\u0000', ''));
    const data = fc.dictionary(strings, fc.oneof(strings, fc.array(strings, { maxLength: 3 })), {
      maxKeys: 4,
    });
    fc.assert(
      fc.property(data, (value) => {
        const written = renderOutcomeMarkdown(outcome(value), { policy });
        const html = renderMarkdown(written.markdown, { policy, linkify: true }).html;
        const { hrefs, media, text } = inspectHtml(html);
        expect({ hrefs, media }).toEqual({ hrefs: [], media: 0 });
        for (const [key, member] of Object.entries(value)) {
          for (const shown of [key, ...[member].flat()]) {
            expect(text).toContain(
              shown
                .replace(/^\v+|\v+$/g, '')
                .replaceAll('\r\n', '\n')
                .replaceAll('\r', '\n'),
            );
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});

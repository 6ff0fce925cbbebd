// The html sink in Node: escaped text, policy-checked links, re-sanitized markup, the DOM renderer's twin.
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { renderHtmlInto } from '../../../sinks/html/render-dom.js';
import { renderHtml } from '../../../sinks/html/render-string.js';
import { defineEgressPolicy } from '../../../src/egress/policy.js';
import type { ToolOutcome } from '../../../src/vocabulary/outcome.js';
import type { PurposeKind } from '../../../src/vocabulary/purpose-kinds.js';
import { HTML_LINK_REL } from '../../../src/purposes/html/profile.js';
import { auditDom } from '../../browser/dom-audit.js';
import { ALLOWED_HOST, INJECTED_TITLE, MALICIOUS_OUTCOME } from './malicious-result.js';

const policy = defineEgressPolicy({ hosts: [ALLOWED_HOST] });
const REL = `rel="${HTML_LINK_REL}"`;

function outcome(data: unknown, purposes: Record<string, PurposeKind>): ToolOutcome<unknown> {
  return {
    ok: true,
    data,
    meta: { tool: 't', schemaVersion: 'v1', requestId: 'req.00000001', findings: [], purposes },
  };
}

describe('renderHtml', () => {
  it('escapes text of every purpose, and strings without a purpose, for a text node', async () => {
    const data = { t: '<b>"x" & \'y\'</b>', i: 'T-1', n: '<i>' };
    const { html } = await renderHtml(outcome(data, { '/t': 'text', '/i': 'id' }), { policy });
    expect(html).toBe(
      '<dl><dt>t</dt><dd>&lt;b&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/b&gt;</dd><dt>i</dt><dd>T-1</dd>' +
        '<dt>n</dt><dd>&lt;i&gt;</dd></dl>',
    );
  });

  it('links a url only when the policy allows it, and reports a blocked one at a redacted pointer', async () => {
    const data = { ok: 'https://tickets.example.com/t/1', 'bad key/<x>': 'https://evil.example/?d=1' };
    const rendered = await renderHtml(outcome(data, { '/ok': 'url', '/bad key~1<x>': 'url' }), { policy });
    expect(rendered.html).toBe(
      `<dl><dt>ok</dt><dd><a href="https://tickets.example.com/t/1" ${REL}>https://tickets.example.com/t/1</a></dd>` +
        '<dt>bad key/&lt;x&gt;</dt><dd>https://evil.example/?d=1</dd></dl>',
    );
    expect(rendered.findings).toEqual([
      {
        code: 'sink.url_blocked',
        pointer: expect.stringMatching(/^\/#[0-9a-f]{8}$/),
        count: 1,
        action: 'cleaned',
        detail: { reason: 'host_not_allowed' },
      },
    ]);
  });

  it("under hosts: 'any', links a url only without a query or fragment, in both renderers", async () => {
    const anyHost = defineEgressPolicy();
    const data = {
      plain: 'https://evil.example/p',
      query: 'https://evil.example/p?d=1',
      hash: 'https://e.example/#d',
    };
    const input = outcome(data, { '/plain': 'url', '/query': 'url', '/hash': 'url' });
    const rendered = await renderHtml(input, { policy: anyHost });
    expect(rendered.html).toBe(
      `<dl><dt>plain</dt><dd><a href="https://evil.example/p" ${REL}>https://evil.example/p</a></dd>` +
        '<dt>query</dt><dd>https://evil.example/p?d=1</dd><dt>hash</dt><dd>https://e.example/#d</dd></dl>',
    );
    expect(rendered.findings.map((finding) => finding.detail)).toEqual([
      { reason: 'query_budget' },
      { reason: 'query_budget' },
    ]);
    const { document } = new JSDOM('<!doctype html><div id="dom"></div>').window;
    const root = document.getElementById('dom') as HTMLElement;
    renderHtmlInto(root, input, { policy: anyHost });
    expect(root.innerHTML).toBe(rendered.html);
  });

  it('sanitizes an html field again with the same policy', async () => {
    const markup =
      '<p onclick="x()">Hi <script>alert(1)</script><a href="https://evil.example/">e</a> <a href="https://tickets.example.com/">t</a></p>';
    const rendered = await renderHtml({ purpose: 'html', value: markup }, { policy });
    expect(rendered.html).toBe(`<div><p>Hi e <a href="https://tickets.example.com/" ${REL}>t</a></p></div>`);
    expect(rendered.findings.map((finding) => finding.code).sort()).toEqual([
      'html.attribute_removed',
      'html.element_removed',
      'html.link_blocked',
    ]);
  });

  it('renders arrays as lists, scalars as JSON text, and a failed outcome as its code', async () => {
    expect((await renderHtml(outcome([1, true, null, ['a']], {}), { policy })).html).toBe(
      '<ul><li>1</li><li>true</li><li>null</li><li><ul><li>a</li></ul></li></ul>',
    );
    const failed: ToolOutcome<unknown> = {
      ok: false,
      error: { code: 'schema_mismatch', retryable: false },
      meta: { tool: 't', schemaVersion: 'v1', requestId: 'req.00000001', findings: [] },
    };
    expect((await renderHtml(failed, { policy })).html).toBe('schema_mismatch');
  });

  it('refuses a malformed input or options as configuration mistakes', async () => {
    await expect(renderHtml({ data: 'x' } as never, { policy })).rejects.toThrow(TypeError);
    await expect(renderHtml({ purpose: 'text', value: 'x' }, { policy: {} as never })).rejects.toThrow(
      TypeError,
    );
    await expect(renderHtml({ purpose: 'text', value: 'x' }, { policy, extra: 1 } as never)).rejects.toThrow(
      TypeError,
    );
  });
});

describe('the malicious result', () => {
  it('renders inert, and the string and DOM renderers build the same tree', async () => {
    const rendered = await renderHtml(MALICIOUS_OUTCOME, { policy });
    const dom = new JSDOM('<!doctype html><div id="html"></div><div id="dom"></div>');
    const { document } = dom.window;
    const stringRoot = document.getElementById('html') as HTMLElement;
    stringRoot.innerHTML = rendered.html;
    const report = renderHtmlInto(document.getElementById('dom') as HTMLElement, MALICIOUS_OUTCOME, {
      policy,
    });

    const audit = auditDom({
      containers: ['html', 'dom'],
      allowedOrigins: [`https://${ALLOWED_HOST}`],
      rel: HTML_LINK_REL,
      document,
    });
    expect(audit.problems).toEqual([]);
    expect(audit.links).toBeGreaterThanOrEqual(4);
    expect(stringRoot.textContent).toContain(INJECTED_TITLE);
    expect(stringRoot.innerHTML).toBe((document.getElementById('dom') as HTMLElement).innerHTML);
    expect(report.findings).toEqual(rendered.findings);
    expect(JSON.stringify(rendered.findings)).not.toMatch(/evil|pwned|<|javascript/);
    dom.window.close();
  });
});

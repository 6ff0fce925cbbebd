// ToolOutput in React: the sink's DOM renderer fills a ref'd element; React never sets markup itself.
// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, StrictMode, useState, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { HtmlRenderReport } from '../../sinks/html/render-dom.js';
import { defineEgressPolicy } from '../../src/egress/policy.js';
import { ToolOutput } from '../../src/react/tool-output.js';
import { untrusted } from '../../src/taint/untrusted.js';
import type { ToolOutcome } from '../../src/vocabulary/outcome.js';
import type { PurposeKind } from '../../src/vocabulary/purpose-kinds.js';
import { useReactRoot } from './react-root.js';

const policy = defineEgressPolicy({ hosts: ['tickets.example.com'] });

function accepted(data: unknown, purposes: Record<string, PurposeKind>): ToolOutcome<unknown> {
  return {
    ok: true,
    data,
    meta: { tool: 'ticket_detail', schemaVersion: 'v1', requestId: 'req.00000001', findings: [], purposes },
  };
}

const TICKET = accepted(
  {
    title: '<img src=x onerror=alert(1)> Login fails',
    url: 'https://tickets.example.com/t/42',
    body: '<p>Reset <strong>fails</strong><script>alert(1)</script> <a href="https://evil.example/">x</a></p>',
  },
  { '/title': 'text', '/url': 'url', '/body': 'html' },
);

const mounted = useReactRoot();

describe('ToolOutput', () => {
  it('renders an accepted outcome as renderHtmlInto does: text inert, links by policy, markup sanitized', () => {
    const reports: HtmlRenderReport[] = [];
    act(() => {
      mounted().root.render(
        <ToolOutput outcome={TICKET} policy={policy} className="out" onRender={(r) => reports.push(r)} />,
      );
    });
    const output = mounted().host.querySelector('div.out[data-airlock-output]');
    expect(output?.querySelector('dd')?.textContent).toBe('<img src=x onerror=alert(1)> Login fails');
    expect(output?.querySelectorAll('img, script')).toHaveLength(0);
    expect(Array.from(output?.querySelectorAll('a') ?? [], (a) => a.getAttribute('href'))).toEqual([
      'https://tickets.example.com/t/42',
    ]);
    expect(output?.querySelector('strong')?.textContent).toBe('fails');
    expect(reports).toHaveLength(1);
    expect(reports[0]?.findings.map((finding) => finding.code)).toEqual(
      expect.arrayContaining(['html.element_removed', 'html.link_blocked']),
    );
  });

  it('shows a failed outcome as its agent code, and nothing else of it', () => {
    const failed: ToolOutcome<unknown> = {
      ok: false,
      error: { code: 'schema_mismatch', retryable: false },
      meta: { tool: 'ticket_detail', schemaVersion: 'v1', requestId: 'req.00000001', findings: [] },
    };
    act(() => {
      mounted().root.render(<ToolOutput outcome={failed} policy={policy} />);
    });
    expect(mounted().host.querySelector('[data-airlock-output]')?.innerHTML).toBe('schema_mismatch');
  });

  it('renders again when the outcome changes, and not when its parent re-renders with the same props', () => {
    let renders = 0;
    let show: (outcome: ToolOutcome<unknown>) => void = () => undefined;
    let bump: () => void = () => undefined;
    function Chat(): ReactElement {
      const [outcome, setOutcome] = useState(TICKET);
      const [, setTick] = useState(0);
      show = setOutcome;
      bump = () => {
        setTick((tick) => tick + 1);
      };
      return <ToolOutput outcome={outcome} policy={policy} onRender={() => renders++} />;
    }
    act(() => {
      mounted().root.render(
        <StrictMode>
          <Chat />
        </StrictMode>,
      );
    });
    const afterMount = renders;
    act(() => {
      bump();
    });
    expect(renders).toBe(afterMount);
    act(() => {
      show(accepted({ note: 'second' }, { '/note': 'text' }));
    });
    expect(renders).toBe(afterMount + 1);
    expect(mounted().host.textContent).toBe('notesecond');
  });

  it('shows data held in untrusted wrappers exactly as the same data in plain strings', () => {
    const wrapped = accepted(
      {
        title: untrusted('<b>Login</b> fails', 'ticket-service'),
        body: untrusted('<em>ok</em>', 'ticket-service'),
      },
      { '/title': 'text', '/body': 'html' },
    );
    const plain = accepted(
      { title: '<b>Login</b> fails', body: '<em>ok</em>' },
      { '/title': 'text', '/body': 'html' },
    );
    act(() => {
      mounted().root.render(<ToolOutput outcome={wrapped} policy={policy} />);
    });
    const fromWrappers = mounted().host.innerHTML;
    act(() => {
      mounted().root.render(<ToolOutput outcome={plain} policy={policy} />);
    });
    expect(fromWrappers).toBe(mounted().host.innerHTML);
    expect(mounted().host.querySelector('em')?.textContent).toBe('ok');
  });

  it('renders an empty element on a server, and its source never hands React markup', () => {
    expect(renderToString(<ToolOutput outcome={TICKET} policy={policy} className="out" />)).toBe(
      '<div class="out" data-airlock-output=""></div>',
    );
    const source = readFileSync(join(import.meta.dirname, '../../src/react/tool-output.tsx'), 'utf8');
    expect(source).not.toContain('dangerouslySetInnerHTML=');
  });
});

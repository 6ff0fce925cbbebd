// ToolOutput: a React component that shows one tool outcome through the html sink's DOM renderer.
import { useLayoutEffect, useRef, type ReactElement } from 'react';
import { renderHtmlInto, type HtmlRenderReport } from '../../sinks/html/render-dom.js';
import type { DisplayInput } from '../../sinks/shared/plan.js';
import type { EgressPolicy } from '../egress/policy.js';

/** The props of {@link ToolOutput}. */
export interface ToolOutputProps {
  /**
   * What to show: an outcome as the gate returned it or as a server sent it as JSON (accepted or failed), or
   * one `{ purpose, value }` pair.
   */
  readonly outcome: DisplayInput;
  /** The egress policy every link is checked against (made by `defineEgressPolicy`). */
  readonly policy: EgressPolicy;
  /** Called after each render with what rendering changed (blocked links, what sanitizing removed). */
  readonly onRender?: ((report: HtmlRenderReport) => void) | undefined;
  /** The class of the element the output is rendered into. */
  readonly className?: string | undefined;
}

/**
 * Renders an outcome into a `<div>` of its own with `renderHtmlInto` — text as text nodes, links only where the
 * policy allows them, html fields sanitized again on the page's DOM and written through the `agent-airlock`
 * Trusted Types policy — and renders again when `outcome` or `policy` changes. React owns the `<div>` and never
 * its children: nothing is passed to `dangerouslySetInnerHTML`. A failed outcome shows its agent code. Content
 * never throws; a policy not made by `defineEgressPolicy` throws a TypeError (a configuration mistake). On a
 * server the `<div>` is empty until the browser renders it.
 */
export function ToolOutput({ outcome, policy, onRender, className }: ToolOutputProps): ReactElement {
  const element = useRef<HTMLDivElement>(null);
  const callback = useRef(onRender);
  useLayoutEffect(() => {
    callback.current = onRender;
  });
  useLayoutEffect(() => {
    if (element.current === null) return;
    const report = renderHtmlInto(element.current, outcome, { policy });
    callback.current?.(report);
  }, [outcome, policy]);
  return <div ref={element} className={className} data-airlock-output="" />;
}

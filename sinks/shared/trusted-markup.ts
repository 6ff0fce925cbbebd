// The UI sinks' one Trusted Types policy, `agent-airlock`: the only way their browser renderers make markup.
import type { Finding } from '../../src/vocabulary/finding.js';

/**
 * The name of the Trusted Types policy the browser renderers create, once per window. A page whose CSP has a
 * `trusted-types` directive must name it there (`trusted-types agent-airlock`); where the directive leaves it
 * out, the renderers show markup as inert text instead of rich.
 */
export const TRUSTED_TYPES_POLICY_NAME = 'agent-airlock';

/**
 * Why a renderer showed markup as inert text: the element's document has no window, the page's CSP refuses the
 * `agent-airlock` Trusted Types policy (a `trusted-types` directive that leaves it out), or the window has no
 * DOM parser to sanitize on.
 */
export type MarkupAsTextReason = 'no_window' | 'trusted_types_refused' | 'no_dom';

/**
 * The finding of markup shown as inert text instead of rich (`sink.markup_as_text`, action `cleaned`): the
 * page still shows every character, but a page that meant to show rich text learns why it does not.
 */
export function markupAsText(pointer: string, reason: MarkupAsTextReason): Finding {
  return { code: 'sink.markup_as_text', pointer, count: 1, action: 'cleaned', detail: { reason } };
}

/** What the renderers use of a Trusted Types policy (typed here so no Trusted Types typings are needed). */
export interface MarkupPolicy {
  readonly name: string;
  createHTML(markup: string): unknown;
  createScriptURL(url: string): unknown;
}

/**
 * How one window receives markup from the renderers:
 * - `policy` is this module's Trusted Types policy, or `null` where the window has no Trusted Types;
 * - `write` replaces an element's children with markup, as TrustedHTML made by that policy when there is one.
 */
export interface MarkupWriter {
  readonly policy: MarkupPolicy | null;
  write(element: Element, markup: string): void;
}

interface PolicyFactory {
  createPolicy(name: string, rules: { createHTML(markup: string): string }): MarkupPolicy;
}

/** One writer per window; `undefined` where the window has Trusted Types but refused this policy. */
const writers = new WeakMap<object, MarkupWriter | undefined>();

/**
 * The markup writer of a window, or `undefined` when the window has Trusted Types but its CSP does not allow
 * the `agent-airlock` policy (the caller then shows markup as text). The policy passes markup through as is:
 * it is the one named place where the renderers turn a string into TrustedHTML, and the policy object is
 * never exported from the package, so no other code can mint TrustedHTML with it. Its two uses: DOMPurify
 * parses untrusted input through it into an inert document, and `write` assigns what a renderer produced
 * (DOMPurify's sanitized output, markdown-it's output with raw HTML off).
 */
export function markupWriterFor(window: object): MarkupWriter | undefined {
  if (writers.has(window)) return writers.get(window);
  const writer = createWriter(window);
  writers.set(window, writer);
  return writer;
}

function createWriter(window: object): MarkupWriter | undefined {
  const factory = policyFactoryOf(window);
  if (factory === undefined) {
    return {
      policy: null,
      write: (element, markup) => {
        element.innerHTML = markup;
      },
    };
  }
  let policy: MarkupPolicy;
  try {
    policy = factory.createPolicy(TRUSTED_TYPES_POLICY_NAME, { createHTML: (markup) => markup });
  } catch {
    return undefined;
  }
  return {
    policy,
    write: (element, markup) => {
      // The DOM typings know only strings; the setter takes the TrustedHTML object as it is.
      element.innerHTML = policy.createHTML(markup) as string;
    },
  };
}

function policyFactoryOf(window: object): PolicyFactory | undefined {
  const factory = (window as { trustedTypes?: unknown }).trustedTypes;
  if (typeof factory !== 'object' || factory === null) return undefined;
  return typeof (factory as { createPolicy?: unknown }).createPolicy === 'function'
    ? (factory as PolicyFactory)
    : undefined;
}

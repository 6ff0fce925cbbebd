// Sanitizes an html field with the html purpose's DOMPurify sanitizer bound to the page's own window.
import DOMPurify, { type WindowLike } from 'dompurify';
import type { EgressPolicy } from '../../src/egress/policy.js';
import type { Finding } from '../../src/vocabulary/finding.js';
import { createHtmlDomSanitizer, type HtmlDomSanitizer } from '../../src/purposes/html/dom.js';

/** Sanitized markup for one html field and what sanitizing changed, at the field's pointer. */
export interface SanitizedMarkup {
  readonly html: string;
  readonly findings: readonly Finding[];
}

/** One sanitizer per window (`null`: the window cannot run DOMPurify). */
const sanitizers = new WeakMap<object, HtmlDomSanitizer | null>();

/**
 * Sanitizes markup to the minimal profile on the given window's native DOM — the same DOMPurify configuration
 * and hooks as the html purpose, so a link is kept only when the egress policy allows it (with its canonical
 * URL and the hardened `rel`) and images are removed. Returns `undefined` when the window cannot sanitize, so
 * the caller shows the markup as text. Never throws on content.
 */
export function sanitizeMarkup(
  markup: string,
  window: WindowLike,
  policy: EgressPolicy,
  reportPointer: string,
): SanitizedMarkup | undefined {
  const sanitizer = sanitizerFor(window);
  if (sanitizer === null) return undefined;
  const result = sanitizer(markup, { links: policy, images: undefined });
  return {
    html: result.html,
    findings: result.findings.map((finding) => ({ ...finding, pointer: reportPointer })),
  };
}

function sanitizerFor(window: WindowLike): HtmlDomSanitizer | null {
  let sanitizer = sanitizers.get(window);
  if (sanitizer === undefined) {
    try {
      sanitizer = createHtmlDomSanitizer(() => DOMPurify(window));
    } catch {
      sanitizer = null;
    }
    sanitizers.set(window, sanitizer);
  }
  return sanitizer;
}

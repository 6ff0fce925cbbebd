// The one jsdom window of the html purpose: jsdom and DOMPurify are imported on first need, never at load time.
import { createHtmlDomSanitizer, type HtmlDomSanitizer } from './dom.js';

/** What the html purpose does on its jsdom window. */
export interface HtmlDom {
  /** Sanitizes one value that holds `<` (DOMPurify under the minimal profile). */
  readonly sanitize: HtmlDomSanitizer;
}

let loading: Promise<HtmlDom> | undefined;

/**
 * The html sanitizer on one lazily created jsdom window. The first call imports jsdom (over a second of
 * start-up) and DOMPurify; later calls share the same window. A process that never sanitizes a value
 * with `<` never loads jsdom. A failed load is forgotten, so the next call tries again.
 */
export function loadHtmlDom(): Promise<HtmlDom> {
  loading ??= createOnJsdom().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function createOnJsdom(): Promise<HtmlDom> {
  const [{ JSDOM }, { default: purify }] = await Promise.all([import('jsdom'), import('dompurify')]);
  const { window } = new JSDOM('');
  return { sanitize: createHtmlDomSanitizer(() => purify(window)) };
}

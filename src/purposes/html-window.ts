// The one jsdom window of the html purpose: jsdom and DOMPurify are imported on first need, never at load time.
import { createHtmlDomSanitizer, type HtmlDomSanitizer } from './html-dom.js';

let loading: Promise<HtmlDomSanitizer> | undefined;

/**
 * The html sanitizer on one lazily created jsdom window. The first call imports jsdom (over a second of
 * start-up) and DOMPurify; later calls share the same window. A process that never sanitizes a value
 * with markup never loads jsdom. A failed load is forgotten, so the next call tries again.
 */
export function loadHtmlDomSanitizer(): Promise<HtmlDomSanitizer> {
  loading ??= createOnJsdom().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function createOnJsdom(): Promise<HtmlDomSanitizer> {
  const [{ JSDOM }, { default: purify }] = await Promise.all([import('jsdom'), import('dompurify')]);
  const { window } = new JSDOM('');
  return createHtmlDomSanitizer(() => purify(window));
}

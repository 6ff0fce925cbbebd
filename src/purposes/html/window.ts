// The one jsdom window of the html purpose: jsdom and DOMPurify are imported on first need, never at load time.
import { createRequire } from 'node:module';
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
  return { sanitize: createHtmlDomSanitizer(() => purify(window), null, forgetNodeIterators()) };
}

/** The working node-iterator set jsdom keeps on each document (internal to jsdom, read defensively). */
interface JsdomDocumentImpl {
  readonly _workingNodeIterators?: Iterable<object> & { delete(iterator: object): boolean };
}

/**
 * Lets go of the node iterators DOMPurify made on a document it is done with. jsdom tracks each through a
 * WeakRef, whose target V8 keeps until the job ends and a young collection never frees: the iterator, its
 * root and with them the whole parsed document moved to the old generation, so the heap grew by tens of KB
 * per value until a full collection and peak memory rose with the number of values. Each iterator is taken
 * out of the set and loses its root and reference node, so what it kept dies young. Where this jsdom keeps
 * the set elsewhere, nothing is done and only memory differs.
 */
function forgetNodeIterators(): ((document: Document) => void) | undefined {
  let implForWrapper: ((wrapper: object) => JsdomDocumentImpl | null) | undefined;
  try {
    const require = createRequire(import.meta.url);
    ({ implForWrapper } = require('jsdom/lib/generated/idl/utils.js') as {
      implForWrapper?: (wrapper: object) => JsdomDocumentImpl | null;
    });
  } catch {
    return undefined;
  }
  if (typeof implForWrapper !== 'function') return undefined;
  const implOf = implForWrapper;
  return (document) => {
    try {
      const iterators = implOf(document)?._workingNodeIterators;
      if (iterators === undefined) return;
      for (const iterator of [...iterators]) {
        iterators.delete(iterator);
        Object.assign(iterator, { root: null, _referenceNode: null });
      }
    } catch {
      // Only memory depends on this; the result is already read.
    }
  };
}

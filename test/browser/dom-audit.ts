// Inspects rendered DOM for anything live the sinks must never emit; runs inside the page (self-contained).

/** What the audit found: each entry names an element or attribute and why it is there (no payload text). */
export interface DomAudit {
  readonly problems: string[];
  readonly links: number;
  readonly images: number;
}

/**
 * Walks every element under the given container ids and reports: elements that can run script, load or frame
 * anything (except `<img>` from an allowed origin), event-handler and `style` attributes, links that are not
 * to an allowed origin or lack the hardened `rel`, and `srcset`/`poster`/`action`/`formaction` attributes.
 * Passed to `page.evaluate`, so it uses only DOM globals and its own arguments.
 */
export function auditDom(args: {
  readonly containers: readonly string[];
  readonly allowedOrigins: readonly string[];
  readonly rel: string;
  /** The document to inspect; defaults to the page's own (in Node, pass a jsdom document). */
  readonly document?: Document;
}): DomAudit {
  const doc = args.document ?? document;
  const forbidden = new Set([
    'script',
    'iframe',
    'frame',
    'object',
    'embed',
    'svg',
    'math',
    'style',
    'link',
    'meta',
    'base',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'video',
    'audio',
    'source',
    'picture',
    'template',
    'noscript',
    'details',
    'image',
  ]);
  const problems: string[] = [];
  let links = 0;
  let images = 0;
  const allowed = (url: string): boolean => {
    try {
      return args.allowedOrigins.includes(new URL(url).origin);
    } catch {
      return false;
    }
  };
  for (const id of args.containers) {
    const root = doc.getElementById(id);
    if (root === null) {
      problems.push(`#${id}: missing`);
      continue;
    }
    for (const element of Array.from(root.querySelectorAll('*'))) {
      const tag = element.localName;
      if (forbidden.has(tag)) problems.push(`#${id}: <${tag}>`);
      for (const attribute of Array.from(element.attributes)) {
        const name = attribute.name.toLowerCase();
        if (
          name.startsWith('on') ||
          ['style', 'srcset', 'poster', 'action', 'formaction', 'srcdoc'].includes(name)
        ) {
          problems.push(`#${id}: <${tag} ${name}>`);
        }
      }
      if (tag === 'a') {
        links++;
        const href = element.getAttribute('href');
        if (href === null || !allowed(href)) problems.push(`#${id}: <a> to a non-allowed origin`);
        if (element.getAttribute('rel') !== args.rel) problems.push(`#${id}: <a> without the hardened rel`);
      }
      if (tag === 'img') {
        images++;
        const src = element.getAttribute('src');
        if (src === null || !allowed(src)) problems.push(`#${id}: <img> from a non-allowed origin`);
      }
    }
  }
  return { problems, links, images };
}

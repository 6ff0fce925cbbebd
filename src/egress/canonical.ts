// Canonicalizes a URL with the platform's WHATWG parser, refusing the forms where parsers are known to disagree.

/** A canonical URL, or why there is none. */
export type CanonicalUrl =
  | { readonly ok: true; readonly url: URL; readonly href: string }
  | { readonly ok: false; readonly code: 'unparseable' | 'relative' };

/** Tabs and newlines: the WHATWG parser removes them anywhere before it reads. */
const TAB_OR_NEWLINE = /[\t\n\r]/g;
const SCHEME_PREFIX = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/**
 * The canonical form of a URL as the WHATWG URL Standard defines it (lower-case scheme and host, punycode,
 * normalized IPv4 and IPv6, dot segments resolved, percent-encoding applied), parsed with Node's `URL`.
 * Two adjustments keep the result in line with the current standard where Node 20's parser lags behind it:
 * `^` in a hierarchical path is percent-encoded (the standard added it to the path percent-encode set), and
 * an opaque path that keeps a trailing space before `?` or `#` is refused (the standard now encodes that
 * space; Node keeps it, so the two would name different URLs). Without a base, an input with no scheme —
 * including the protocol-relative `//host` and backslash `\\host` forms — is `relative`. Never throws.
 */
export function canonicalizeUrl(input: string, base?: string): CanonicalUrl {
  let url: URL;
  try {
    url = base === undefined ? new URL(input) : new URL(input, base);
  } catch {
    return { ok: false, code: base === undefined && !hasScheme(input) ? 'relative' : 'unparseable' };
  }
  const pathname = url.pathname;
  if (pathname.startsWith('/')) {
    if (pathname.includes('^')) url.pathname = pathname.replaceAll('^', '%5E');
  } else if (pathname.endsWith(' ')) {
    return { ok: false, code: 'unparseable' };
  }
  return { ok: true, url, href: url.href };
}

/**
 * Whether an input starts with a scheme once the characters the parser ignores are removed: leading C0
 * controls and spaces, and tabs and newlines anywhere.
 */
function hasScheme(input: string): boolean {
  let start = 0;
  while (start < input.length && input.charCodeAt(start) <= 0x20) start++;
  return SCHEME_PREFIX.test(input.slice(start).replace(TAB_OR_NEWLINE, ''));
}

// The one URL form whose canonical href is the input itself, read without the WHATWG parser.

/** The parts of a URL the egress rules read. */
export interface UrlParts {
  readonly href: string;
  /** Without the colon. */
  readonly scheme: string;
  readonly hasCredentials: boolean;
  readonly hostname: string;
  readonly port: string;
  readonly search: string;
  readonly hash: string;
}

/**
 * `http` or `https`, a host of lower-case ASCII letters, digits and hyphens in non-empty labels, the last of
 * which starts with a letter (so the parser never reads the host as an IPv4 address), and a path of
 * characters the path percent-encode set leaves alone, without `%` (so no encoded dot segment), `\`, `^`,
 * `?` or `#`. No userinfo, port, query or fragment. Such an input is its own canonical form: the WHATWG
 * parser changes nothing in it, except dot segments and punycode labels, which {@link simpleUrl} turns away.
 */
const SIMPLE_URL = /^(https?):\/\/((?:[a-z0-9-]+\.)*[a-z][a-z0-9-]*)\/[A-Za-z0-9\-._~!$&'()*+,;=:@/]*$/;
/** A path segment that is `.` or `..`: the parser would resolve it. */
const DOT_SEGMENT = /\/\.\.?(?:\/|$)/;
/** A punycode label: the parser would check (and might refuse) its decoding. */
const PUNYCODE_LABEL = /(?:^|\.)xn--/;

/**
 * The parts of `input` when it is a simple URL (see {@link SIMPLE_URL}): exactly what `new URL(input)` would
 * give, read from the input itself; `undefined` for any other input, which the WHATWG parser then reads. A
 * property test holds every answer to the parser's.
 */
export function simpleUrl(input: string): UrlParts | undefined {
  const match = SIMPLE_URL.exec(input);
  if (match === null) return undefined;
  const scheme = match[1] as string;
  const hostname = match[2] as string;
  if (PUNYCODE_LABEL.test(hostname) || DOT_SEGMENT.test(input.slice(scheme.length + 3 + hostname.length)))
    return undefined;
  return { href: input, scheme, hasCredentials: false, hostname, port: '', search: '', hash: '' };
}

/** The parts of a URL the WHATWG parser read. */
export function partsOf(url: URL, href: string): UrlParts {
  return {
    href,
    scheme: url.protocol.slice(0, -1),
    hasCredentials: url.username !== '' || url.password !== '',
    hostname: url.hostname,
    port: url.port,
    search: url.search,
    hash: url.hash,
  };
}

// Types for the part of punycode.js (a markdown-it dependency) that the IDNA helpers use.
declare module 'punycode.js' {
  /** The Punycode converter. */
  const punycode: {
    /** Decodes each `xn--` label of a domain from Punycode; throws a RangeError on a malformed label. */
    toUnicode(domain: string): string;
  };
  export default punycode;
}

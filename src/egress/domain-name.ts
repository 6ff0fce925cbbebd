// IDNA for host names on the WHATWG URL hostname setter and punycode.js: the same in Node and browsers.
import punycode from 'punycode.js';

/**
 * Like Node's `url.domainToASCII`: the host as the WHATWG hostname setter of a special URL leaves it, or `''` when
 * the setter refuses it. The setter leaves the old host on failure, so it runs from two different hosts: they
 * agree only when the input was taken.
 */
export function domainToASCII(domain: string): string {
  if (domain === '') return '';
  const first = new URL('ws://a');
  const second = new URL('ws://b');
  first.hostname = domain;
  second.hostname = domain;
  return first.hostname === second.hostname ? first.hostname : '';
}

/**
 * Like Node's `url.domainToUnicode`: the ASCII form of the host with every `xn--` label decoded from Punycode (a
 * label that does not decode stays as it is), or `''` when the host is refused.
 */
export function domainToUnicode(domain: string): string {
  const ascii = domainToASCII(domain);
  return ascii
    .split('.')
    .map((label) => {
      try {
        return punycode.toUnicode(label);
      } catch {
        return label;
      }
    })
    .join('.');
}

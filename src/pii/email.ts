// E-mail addresses: a local part and a domain with a top-level label, not a URL's user or a package scope.

/** An address: local part, `@`, a domain of dot-separated labels ending in letters. */
const EMAIL =
  /(?<![\w.%+-])[A-Za-z0-9][A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{0,63}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,24}(?![\w-]|\.[A-Za-z0-9])/g;

/** Every e-mail address in `text`, as ranges; a URL's `user@host` and git's `git@host:path` are no addresses. */
export function findEmails(text: string): [number, number][] {
  const found: [number, number][] = [];
  EMAIL.lastIndex = 0;
  for (let m = EMAIL.exec(text); m !== null; m = EMAIL.exec(text)) {
    const end = m.index + m[0].length;
    if (text.slice(Math.max(0, m.index - 3), m.index).endsWith('//') || text.charAt(end) === ':') continue;
    found.push([m.index, end]);
  }
  return found;
}

// Turns a scanner rule's Rust/Hyperscan regex source into a JavaScript RegExp, as closely as the data needs.

/** Flags written inline anywhere in the source (`(?x)`, `(?i)`, `(?xi)`, `(?s)`), pulled out of it. */
function inlineFlags(source: string): { body: string; flags: Set<string> } {
  const flags = new Set<string>();
  const body = source.replace(/\(\?#[^)]*\)/g, '').replace(/\(\?([imsx]+)\)/g, (_, found: string) => {
    for (const flag of found) flags.add(flag);
    return '';
  });
  return { body, flags };
}

/** Removes the blanks and `#` comments of extended mode (outside classes and escapes). */
function stripExtended(source: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source.charAt(i);
    if (c === '\\') {
      out += source.slice(i, i + 2);
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      out += c;
      continue;
    }
    if (c === '[') {
      inClass = true;
      out += c;
      if (source.charAt(i + 1) === ']') out += source.charAt(++i);
      continue;
    }
    if (/\s/.test(c)) continue;
    if (c === '#') {
      const nl = source.indexOf('\n', i);
      i = nl < 0 ? source.length : nl;
      continue;
    }
    out += c;
  }
  return out;
}

const POSIX: Readonly<Record<string, string>> = Object.freeze({
  alnum: 'A-Za-z0-9',
  alpha: 'A-Za-z',
  digit: '0-9',
  xdigit: '0-9A-Fa-f',
  upper: 'A-Z',
  lower: 'a-z',
  space: '\\s',
  punct: '!-\\/:-@\\[-`{-~',
});

/**
 * A JavaScript RegExp for a rule pattern (global, Unicode off), or null when it cannot be expressed: inline
 * flags apply to the whole pattern, `(?i:…)` groups become plain groups under the `i` flag, `(?P<n>` becomes
 * `(?<n>`, POSIX classes are spelled out, `\A` and `\z` become `^` and `$`.
 */
export function toJsRegExp(source: string): RegExp | null {
  const { body, flags } = inlineFlags(source);
  let text = flags.has('x') ? stripExtended(body) : body;
  if (/\(\?[a-z]*i[a-z]*:/.test(text)) flags.add('i');
  text = text
    .replace(/\(\?[imsx-]+:/g, '(?:')
    .replace(/\(\?P</g, '(?<')
    .replace(/\[:(\w+):\]/g, (whole, name: string) => POSIX[name] ?? whole)
    .replace(/\\A/g, '^')
    .replace(/\\[zZ]/g, '$')
    .replace(/\\x\{([0-9a-fA-F]{1,4})\}/g, (_, hex: string) => `\\u${hex.padStart(4, '0')}`);
  const jsFlags = `g${flags.has('i') ? 'i' : ''}${flags.has('s') ? 's' : ''}${flags.has('m') ? 'm' : ''}`;
  try {
    return new RegExp(text, jsFlags);
  } catch {
    return null;
  }
}

/** The last non-empty capture group of a match (the secret, in the scanners' rule convention), or the match. */
export function capturedSecret(match: RegExpExecArray): string {
  for (let i = match.length - 1; i >= 1; i--) {
    const group = match[i];
    if (group !== undefined && group.length > 0) return group;
  }
  return match[0];
}

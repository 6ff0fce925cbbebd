// Locates the secret inside a literal scanner test line: the credential value, never a key, header name or URL.

const PLACEHOLDER_PASSWORDS = /^(?:password|passwd|pass|secret|changeme|username|user|admin)$/i;

const HEADER =
  /\b(?:Authorization|Token)["']?[ \t]*:[ \t]*(?:(?:Bearer|Basic|Token)[ \t]+)?([^\s"'\\]{8,})|\b(?:Bearer|Basic|Token)[ \t]+([^\s"'\\]{8,})/;

/** True when a candidate is a key or a header name rather than a value. */
function isKey(line: string, candidate: string, at: number): boolean {
  const after = line.slice(at + candidate.length, at + candidate.length + 3);
  return /^["'`]?[ \t]*[:=]/.test(after) || candidate.endsWith(':');
}

/** True when a candidate is a URL without credentials: a value only when nothing else is. */
function isPlainUrl(candidate: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\\?\/\\?\//i.test(candidate) && !candidate.includes('@');
}

/** A URL's longest query value when it is long enough to be a token, else the URL itself. */
function urlValue(url: string): string {
  const values = [...url.matchAll(/[?&][\w.-]+=([^&#\s]{16,})/g)].map((m) => m[1] ?? '');
  return values.sort((a, b) => b.length - a.length)[0] ?? url;
}

/** A `key=value` candidate's value, and no timestamps. */
function valueOf(candidate: string): string | null {
  if (/^\d{4}-\d\d-\d\dT/.test(candidate)) return null;
  return isPlainUrl(candidate) ? candidate : candidate.replace(/^[A-Za-z_][\w.-]*=(?=[^=]{8})/, '');
}

/** The preferred candidate: the last (or longest) one that is not a plain URL, else a URL's token or the URL. */
function pick(candidates: readonly string[], last: boolean): string | undefined {
  const usable = candidates.map(valueOf).filter((value): value is string => value !== null);
  const values = usable.filter((candidate) => !isPlainUrl(candidate));
  const url = usable[0];
  return (last ? values[values.length - 1] : values[0]) ?? (url === undefined ? undefined : urlValue(url));
}

/** A password in `scheme://user:password@host`, unless it is a placeholder word. */
function urlPassword(line: string): string | undefined {
  const password = /:\/\/[^\s:@/]+:([^\s@/]+)@/.exec(line)?.[1];
  return password !== undefined && !PLACEHOLDER_PASSWORDS.test(password) ? password : undefined;
}

/** The credential of an authorization header, `curl -u user:password` or an XML element body. */
function markedValue(line: string): string | undefined {
  const header = HEADER.exec(line);
  if (header !== null) return header[1] ?? header[2];
  const user = /(?:^|\s)(?:-u|--user)(?:=|\s+)["']?([^\s"']+)/.exec(line)?.[1];
  if (user !== undefined) {
    const colon = user.indexOf(':');
    return colon >= 0 && colon < user.length - 1 ? user.slice(colon + 1) : user.replace(/:$/, '');
  }
  return />([^<>\s]{8,})<\//.exec(line)?.[1];
}

/** The value inside a literal test line: a URL's password, a header or `-u` credential, the last quoted value,
 * else the longest run that is not a key (a plain URL only when nothing else is left). */
export function secretOfLine(line: string): string | null {
  const direct = urlPassword(line) ?? markedValue(line);
  if (direct !== undefined) return direct;
  const open = /["'`]([^"'`\s]{8,})$/.exec(line)?.[1];
  if (open !== undefined) return open;
  const quoted = [...line.matchAll(/"([^"\s]{8,})"|'([^'\s]{8,})'|`([^`\s]{8,})`/g)]
    .map((m) => ({ value: m[1] ?? m[2] ?? m[3] ?? '', at: m.index + 1 }))
    .filter(({ value, at }) => !isKey(line, value, at))
    .map(({ value }) => value);
  const runs = [...line.matchAll(/[A-Za-z0-9+/=_.~:@-]{8,}/g)]
    .filter((m) => !isKey(line, m[0], m.index))
    .map((m) => m[0].replace(/^[^=]*=(?=[^=])/, ''))
    .filter((run) => /[A-Za-z0-9]/.test(run))
    .sort((a, b) => b.length - a.length);
  return pick(quoted, true) ?? pick(runs, false) ?? null;
}

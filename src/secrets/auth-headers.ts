// Credentials carried by HTTP authorization schemes (Bearer, Basic, token) and by `curl -u user:password`.
import { RANK, type FindingSink } from './finding.js';
import { plausibleValue } from './assignment-value.js';
import { readsAsCode } from './code-shapes.js';
import { COMMON_VALUES, shannonEntropy } from './plausible.js';
import { isPlaceholder } from './placeholders.js';

const SCHEMES =
  'Bearer|Basic|Token|Bot|Digest|Negotiate|NTLM|OAuth|JWT|ApiKey|Api-Key|SSWS|GenieKey|Splunk|Key';
/** A scheme word written as a scheme (`Bearer`, `bearer`, `Token`, `TOKEN`): in prose `token` and `key` are words. */
const AUTH_SCHEME = new RegExp(`\\b(?:${SCHEMES}|bearer|${SCHEMES.toUpperCase()})[ \\t]+(?=[^\\s])`, 'g');
/** Any scheme word, in any case, right after an `Authorization` header name. */
const HEADER_SCHEME = new RegExp(`(?:${SCHEMES})[ \\t]+(?=[^\\s])`, 'iy');
const AUTH_HEADER = /\b(?:proxy-)?authori[sz]ation["']?[ \t]*[:=][ \t]*["']?(?=[^\s"'])/gi;
const CREDENTIAL_CHARS = /[A-Za-z0-9._~+/=:%@-]+/y;

/** True when a word after an auth scheme reads as a credential rather than prose, a name or code. */
function credentialLike(value: string): boolean {
  if (value.length < 8 || isPlaceholder(value) || readsAsCode(value)) return false;
  if (/^[a-z]+$|^[A-Z][a-z]+$|^[A-Z]+$|^[a-z]+(?:[-_][a-z]+)+$/.test(value)) return false;
  return !/^(?:token|bearer|basic|header|authorization)s?$/i.test(value);
}

function pushCredentialAt(text: string, at: number, to: number, sink: FindingSink): number {
  CREDENTIAL_CHARS.lastIndex = at;
  const m = CREDENTIAL_CHARS.exec(text);
  if (m === null) return at;
  let end = Math.min(at + m[0].length, to);
  while (end > at && /[.:]/.test(text.charAt(end - 1))) end--;
  if (credentialLike(text.slice(at, end)))
    sink.push({ provider: 'generic', start: at, end, rank: RANK.generic });
  return end;
}

/** Finds the credential after every authorization scheme word and every `Authorization:` header. */
export function scanAuthHeaders(text: string, from: number, to: number, sink: FindingSink): void {
  AUTH_SCHEME.lastIndex = from;
  for (let m = AUTH_SCHEME.exec(text); m !== null && m.index < to; m = AUTH_SCHEME.exec(text)) {
    const at = m.index + m[0].length;
    AUTH_SCHEME.lastIndex = Math.max(pushCredentialAt(text, at, to, sink), at);
  }
  AUTH_HEADER.lastIndex = from;
  for (let m = AUTH_HEADER.exec(text); m !== null && m.index < to; m = AUTH_HEADER.exec(text)) {
    let at = m.index + m[0].length;
    HEADER_SCHEME.lastIndex = at;
    if (HEADER_SCHEME.test(text)) at = HEADER_SCHEME.lastIndex;
    AUTH_HEADER.lastIndex = Math.max(pushCredentialAt(text, at, to, sink), at);
  }
}

const CURL_USER =
  /(?:^|[ \t])(?:-u|--user)(?:=|[ \t]+)(?:"([^"\n]{1,512})"|'([^'\n]{1,512})'|([^\s"']{1,512}))/gm;
const CURL_WORD = /(?:^|[^\w.-])curl(?=\s|$)/;

/** True when the command holding `at` runs curl: on its line, or on an earlier line that a `\` continues. */
function inCurlCommand(text: string, at: number): boolean {
  const lines = text.slice(Math.max(0, at - 2048), at).split(/\r?\n/);
  for (let i = lines.length - 1; i >= 0; i--) {
    if (CURL_WORD.test(lines[i] ?? '')) return true;
    if (i === 0 || !/\\[ \t]*$/.test(lines[i - 1] ?? '')) return false;
  }
  return false;
}

/** The credential span of a `user:password` (or lone token) value starting at `valueStart`, or null. */
function curlSecret(text: string, value: string, valueStart: number): { start: number; end: number } | null {
  if (/^[<{$%]/.test(value) || isPlaceholder(value)) return null;
  const colon = value.indexOf(':');
  const hasPassword = colon >= 0 && colon < value.length - 1;
  const start = hasPassword ? valueStart + colon + 1 : valueStart;
  const end = hasPassword ? valueStart + value.length : valueStart + (colon >= 0 ? colon : value.length);
  const secret = text.slice(start, end);
  if (secret.length < 3 || /^[$<{%]/.test(secret) || COMMON_VALUES.has(secret.toLowerCase())) return null;
  if (colon < 0 && (secret.length < 16 || shannonEntropy(secret) < 3.5)) return null;
  return { start, end };
}

/** Finds the password (or the token standing as user) of `curl -u user:password`, on one line or continued. */
export function scanCurlUser(text: string, from: number, to: number, sink: FindingSink): void {
  CURL_USER.lastIndex = from;
  for (let m = CURL_USER.exec(text); m !== null && m.index < to; m = CURL_USER.exec(text)) {
    if (!inCurlCommand(text, m.index)) continue;
    const value = m[1] ?? m[2] ?? m[3] ?? '';
    const valueStart = m.index + m[0].length - value.length - (m[3] === undefined ? 1 : 0);
    const span = curlSecret(text, value, valueStart);
    if (span !== null) sink.push({ provider: 'basic-auth', ...span, rank: RANK.url });
  }
}

/** `-u user -p password` of PsExec, mysql and their kind: a password flag right after a user flag. */
const USER_THEN_PASSWORD =
  /(?:^|[ \t])-u[ \t]+[^\s-]\S{0,127}[ \t]+-p[ \t]+(?:"([^"\n]{1,128})"|'([^'\n]{1,128})'|([^\s"'-][^\s"']{0,127}))/gm;

/** Finds the password of `-u user -p password` on one line. */
export function scanUserPasswordFlags(text: string, from: number, to: number, sink: FindingSink): void {
  USER_THEN_PASSWORD.lastIndex = from;
  for (let m = USER_THEN_PASSWORD.exec(text); m !== null && m.index < to; m = USER_THEN_PASSWORD.exec(text)) {
    const value = m[1] ?? m[2] ?? m[3] ?? '';
    const start = m.index + m[0].length - value.length - (m[3] === undefined ? 1 : 0);
    if (plausibleValue(value, 'password', 'literal'))
      sink.push({ provider: 'basic-auth', start, end: start + value.length, rank: RANK.url });
  }
}

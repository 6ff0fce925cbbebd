// Credentials carried by HTTP authorization schemes (Bearer, Basic, token) and by `curl -u user:password`.
import { RANK, type FindingSink } from './finding.js';
import { COMMON_VALUES, isPlaceholder, shannonEntropy } from './plausible.js';

const AUTH_SCHEME =
  /\b(?:Bearer|Basic|Token|Bot|Digest|Negotiate|NTLM|OAuth|JWT|ApiKey|Api-Key|SSWS|GenieKey|Splunk|Key)[ \t]+(?=[^\s])/gi;
const AUTH_HEADER = /\b(?:proxy-)?authori[sz]ation["']?[ \t]*[:=][ \t]*["']?(?=[^\s"'])/gi;
const CREDENTIAL_CHARS = /[A-Za-z0-9._~+/=:%-]+/y;

/** True when a word after an auth scheme reads as a credential rather than prose. */
function credentialLike(value: string): boolean {
  if (value.length < 8 || isPlaceholder(value)) return false;
  if (/^[a-z]+$|^[A-Z][a-z]+$|^[A-Z]+$/.test(value)) return false;
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
    const at = m.index + m[0].length;
    AUTH_SCHEME.lastIndex = at;
    const scheme = AUTH_SCHEME.exec(text);
    if (scheme !== null && scheme.index === at) continue;
    AUTH_HEADER.lastIndex = Math.max(pushCredentialAt(text, at, to, sink), at);
  }
}

const CURL_USER =
  /(?:^|[ \t])(?:-u|--user)(?:=|[ \t]+)(?:"([^"\n]{1,512})"|'([^'\n]{1,512})'|([^\s"']{1,512}))/gm;

/** Finds the password (or the token standing as user) of `curl -u user:password` on a line that runs curl. */
export function scanCurlUser(text: string, from: number, to: number, sink: FindingSink): void {
  CURL_USER.lastIndex = from;
  for (let m = CURL_USER.exec(text); m !== null && m.index < to; m = CURL_USER.exec(text)) {
    const lineStart = Math.max(0, m.index - 2048);
    const line = text.slice(lineStart, m.index);
    if (!/\bcurl\b/.test(line.slice(line.lastIndexOf('\n') + 1))) continue;
    const value = m[1] ?? m[2] ?? m[3] ?? '';
    const valueStart = m.index + m[0].length - value.length - (m[3] === undefined ? 1 : 0);
    const colon = value.indexOf(':');
    const hasPassword = colon >= 0 && colon < value.length - 1;
    const start = hasPassword ? valueStart + colon + 1 : valueStart;
    const end = hasPassword ? valueStart + value.length : valueStart + (colon >= 0 ? colon : value.length);
    const secret = text.slice(start, end);
    if (
      secret.length < 3 ||
      /^[$<{%]/.test(secret) ||
      isPlaceholder(secret) ||
      COMMON_VALUES.has(secret.toLowerCase())
    )
      continue;
    if (colon < 0 && (secret.length < 16 || shannonEntropy(secret) < 3.5)) continue;
    sink.push({ provider: 'basic-auth', start, end, rank: RANK.url });
  }
}

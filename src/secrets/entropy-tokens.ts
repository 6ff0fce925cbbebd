// Bare random-looking tokens with no key or prefix: long, mixed-class, high-entropy, and not an id or digest.
import { RANK, type FindingSink } from './finding.js';
import { isNonSecretKey, keyBefore } from './keys.js';
import {
  charClasses,
  decodesToText,
  isIdentifierLookalike,
  looksLikeWords,
  shannonEntropy,
  wordRunShare,
} from './plausible.js';
import { isPlaceholder } from './placeholders.js';
import { sequenceShare } from './sequences.js';
import { hasProviderPrefix } from './token-rules.js';

const RUN = /[A-Za-z0-9+/_~-]{20,}={0,3}/g;
const MAX_RUN = 512;
/** Prefixes of values that are no credential: Stripe publishable keys (public by design), Fernet ciphertext, and
 * the DER headers of public keys in base64 (SubjectPublicKeyInfo of X25519, Ed25519, P-256, P-384, RSA). */
const NOT_CREDENTIAL_PREFIXES =
  /^(?:pk_live_|pk_test_|gAAAAA|MCowBQYDK2V|MFkwEwYHKoZIzj0CAQ|MHYwEAYHKoZIzj0CAQ|MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8A|MIICIjANBgkqhkiG9w0BAQEFAAOCAg8A)/;

function isRunCode(c: number): boolean {
  return (
    (c >= 48 && c <= 57) ||
    (c >= 65 && c <= 90) ||
    (c >= 97 && c <= 122) ||
    c === 43 ||
    c === 47 ||
    c === 95 ||
    c === 45 ||
    c === 126
  );
}

/** True when a whole line is one wrapped base64 line of a PEM or MIME body (certificates are not secrets). */
function isWrappedLine(text: string, start: number, end: number): boolean {
  const length = end - start;
  if (length !== 64 && length !== 76) return false;
  const before = start === 0 ? 10 : text.charCodeAt(start - 1);
  const after = end >= text.length ? 10 : text.charCodeAt(end);
  return (before === 10 || before === 13) && (after === 10 || after === 13);
}

/** True when `at` lies in the path of a URL (after `scheme://host/`, before any `?`): ids, not credentials. */
function inUrlPath(text: string, at: number): boolean {
  const limit = Math.max(0, at - 2048);
  for (let i = at - 1; i >= limit; i--) {
    const c = text.charCodeAt(i);
    if (c <= 32 || c === 34 || c === 39 || c === 60 || c === 62 || c === 63 || c === 35 || c === 61)
      return false;
    if (c === 47 && text.charCodeAt(i - 1) === 47 && text.charCodeAt(i - 2) === 58) return true;
  }
  return false;
}

/** True when the run is a piece of a larger structure rather than a token of its own: a dotted name's later
 * segment, a file name (`name.ext`), a percent-escape fragment, an escaped string or a `data:` URI, a URL path
 * segment, or a line of a certificate. */
function partOfStructure(text: string, start: number, end: number): boolean {
  const before = start > 0 ? text.charCodeAt(start - 1) : 32;
  if ((isRunCode(before) && before !== 61) || before === 37 || text.charCodeAt(end) === 37) return true;
  // After a backslash the run starts with an escape (`\nMIIF…`): the decoded view of the string scans it.
  if (before === 92 || /base64,$/.test(text.slice(Math.max(0, start - 7), start))) return true;
  if (before === 46 && start >= 2 && text.charCodeAt(start - 2) > 32) return true;
  if (/^\.[a-z][a-z0-9]{1,4}(?![\w.])/.test(text.slice(end, end + 7))) return true;
  return isWrappedLine(text, start, end) || inUrlPath(text, start);
}

/** True when `at` lies inside a PEM block that is public (a certificate, a public key), not a private key. */
function inPublicBlock(text: string, at: number): boolean {
  const from = Math.max(0, at - 65536);
  const found = text.slice(from, at).lastIndexOf('-----BEGIN ');
  if (found < 0) return false;
  const begin = from + found;
  if (/PRIVATE/.test(text.slice(begin, begin + 48))) return false;
  const end = text.indexOf('-----END', begin);
  return end < 0 || end > at;
}

/** True when a token reads as a random credential rather than an identifier, a path, an id or a digest. */
export function isRandomToken(token: string): boolean {
  if (token.length < 20 || token.length > MAX_RUN || isIdentifierLookalike(token) || isPlaceholder(token))
    return false;
  if ((token.match(/\//g) ?? []).length >= 2 && !/[+=]/.test(token) && wordRunShare(token) > 0.2)
    return false;
  const core = token.replace(/=+$/, '');
  const classes = charClasses(core);
  const letters = classes.upper + classes.lower;
  if (wordRunShare(core) > 0.3 || sequenceShare(core) >= 0.3) return false;
  if (core.startsWith('ey') || looksLikeWords(core) || decodesToText(core)) return false;
  // A constant's name with a digest after it (`NODE_SEA_FUSE_fce680ab…`): an identifier, not a key.
  const named = /^(?:[A-Za-z]+[_-])+([0-9a-f]{16,})$/i.exec(core);
  if (named !== null && isIdentifierLookalike(named[1] ?? '')) return false;
  if (Math.min(classes.upper, classes.lower) < Math.max(2, 0.1 * letters) || classes.digit < 2) return false;
  return core.length >= 32 && shannonEntropy(core) >= 4.3;
}

/** Finds bare high-entropy tokens in `text[from, to)`. */
export function scanEntropyTokens(text: string, from: number, to: number, sink: FindingSink): void {
  RUN.lastIndex = from;
  for (let m = RUN.exec(text); m !== null && m.index < to; m = RUN.exec(text)) {
    const start = m.index;
    const end = start + m[0].length;
    if (partOfStructure(text, start, end)) continue;
    // Leading dashes and slashes (`--`, the `//` of a URL) open the run but are no part of a token.
    const dash = /^[-_~/]+/.exec(m[0]);
    const offset = dash === null ? 0 : dash[0].length;
    const token = m[0].slice(offset);
    if (offset > 0 && inUrlPath(text, start + offset)) continue;
    if (hasProviderPrefix(token) || NOT_CREDENTIAL_PREFIXES.test(token) || !isRandomToken(token)) continue;
    if (inPublicBlock(text, start)) continue;
    const key = keyBefore(text, start, from);
    if (key !== null && isNonSecretKey(key)) continue;
    sink.push({ provider: 'high-entropy', start: start + offset, end, rank: RANK.entropy });
  }
}

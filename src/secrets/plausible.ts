// Value checks shared by the rules: Shannon entropy, placeholder shapes and non-secret look-alikes (ids, digests).

/** Shannon entropy of a string in bits per code unit. */
export function shannonEntropy(value: string): number {
  const n = value.length;
  if (n === 0) return 0;
  const counts = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const c = value.charCodeAt(i);
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / n;
    bits -= p * Math.log2(p);
  }
  return bits;
}

const UUID = /^\{?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\}?$/i;
const HEX = /^(?:0x)?[0-9a-f]+$/i;
const DIGEST_PREFIX = /^(?:sha(?:1|224|256|384|512)|md5|blake2b?|blake3|xxh\d*|crc32)[-:~_=]/i;
const ORDER_LIKE = /^[A-Z]{0,6}[-#]?[0-9][0-9-]*$/;
const BASE64_DIGEST_LENGTHS = new Set([22, 24, 27, 28, 43, 44, 64, 86, 88]);

/** True when a token is shaped like a UUID, a hex id or digest, an SRI or prefixed digest, or an order number. */
export function isIdentifierLookalike(token: string): boolean {
  if (UUID.test(token) || HEX.test(token) || DIGEST_PREFIX.test(token) || ORDER_LIKE.test(token)) return true;
  return isBase64Digest(token);
}

/** True when a token has exactly the shape of a base64 (standard or url-safe) digest of a common hash size. */
export function isBase64Digest(token: string): boolean {
  if (!BASE64_DIGEST_LENGTHS.has(token.length)) return false;
  if (token.endsWith('=')) return true;
  return /[+/]/.test(token) && !/[-_]/.test(token);
}

/** True when a base64 or base64url token decodes to printable text: encoded words or data, not random key bytes. */
export function decodesToText(token: string): boolean {
  if (!/^[A-Za-z0-9+/_-]+$/.test(token) || token.length % 4 === 1) return false;
  const bytes = Buffer.from(token.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (bytes.length < 12) return false;
  let printable = 0;
  for (const byte of bytes) if (byte >= 32 && byte < 127) printable++;
  return printable / bytes.length >= 0.9;
}

/** Counts of character classes in a token: upper, lower, digit, other. */
export function charClasses(token: string): { upper: number; lower: number; digit: number; other: number } {
  let upper = 0;
  let lower = 0;
  let digit = 0;
  let other = 0;
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    if (c >= 65 && c <= 90) upper++;
    else if (c >= 97 && c <= 122) lower++;
    else if (c >= 48 && c <= 57) digit++;
    else other++;
  }
  return { upper, lower, digit, other };
}

/** Share of a token's characters that sit in runs of four or more letters of one case: words, not randomness. */
export function wordRunShare(token: string): number {
  let inRuns = 0;
  const re = /[a-z]{4,}|[A-Z]{4,}|[A-Z][a-z]{3,}/g;
  for (let m = re.exec(token); m !== null; m = re.exec(token)) inRuns += m[0].length;
  return token.length === 0 ? 0 : inRuns / token.length;
}

const WORD_RUN = /[a-z]{3,}|[A-Z][a-z]{2,}|[A-Z]{3,}(?![a-z])/g;

/** True when a string is made of words (identifiers, prose, file names) rather than random characters. */
export function looksLikeWords(value: string): boolean {
  let inWords = 0;
  let vowels = 0;
  for (const m of value.matchAll(WORD_RUN)) {
    inWords += m[0].length;
    vowels += (m[0].match(/[aeiouAEIOU]/g) ?? []).length;
  }
  if (inWords === 0 || inWords / value.length < 0.75) return false;
  return vowels / inWords >= 0.36;
}

/** True when a string splits at `- _ .` into three or more parts, most of them letters-only words. */
export function looksLikeSegments(value: string): boolean {
  const parts = value.split(/[-_.]+/).filter((part) => part.length > 0);
  if (parts.length < 3) return false;
  const wordy = parts.filter((part) => /^[A-Za-z]{2,}$/.test(part)).length;
  return wordy / parts.length >= 0.6;
}

/** Values that are words of a form or a log, never a credential. */
export const COMMON_VALUES: ReadonlySet<string> = new Set(
  (
    'true false null nil none undefined required optional string str int bool boolean number object password ' +
    'secret token value default empty hidden masked incorrect invalid expired missing unknown changed reset ' +
    'updated enabled disabled yes no ok set unset redacted secret_value not_set notset n/a na tbd todo env ' +
    'environment sensitive protected encrypted obfuscated stars asterisks supersecret mypassword mysecret ' +
    'mytoken secretpassword password123 changeit admin root test pass user username pwd passwd apikey api_key ' +
    'access_token auth_token qwerty letmein'
  ).split(' '),
);

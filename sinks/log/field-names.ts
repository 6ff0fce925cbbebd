// Which event fields the log sink treats as payloads (digested) or as secrets (redacted) by their name (data).

/** A field whose last name word is one of these holds a payload: it is logged as `{ bytes, sha256 }`. */
export const PAYLOAD_WORDS: readonly string[] = Object.freeze(['body', 'payload', 'raw', 'content', 'blob']);

/** A field whose first name word is one of these holds a payload too (`rawResponse`, `raw_bytes`). */
export const PAYLOAD_PREFIXES: readonly string[] = Object.freeze(['raw']);

/** A field whose last name word is one of these holds a secret: its value is replaced whole. */
export const SECRET_WORDS: readonly string[] = Object.freeze([
  'password',
  'passwd',
  'pwd',
  'passphrase',
  'secret',
  'token',
  'authorization',
  'cookie',
  'cookies',
  'credential',
  'credentials',
  'apikey',
]);

/** A field whose last two name words are one of these holds a secret (`x-api-key`, `awsSecretKey`). */
export const SECRET_PAIRS: readonly string[] = Object.freeze([
  'api key',
  'access key',
  'private key',
  'secret key',
  'session id',
  'client secret',
]);

/** The words of a field name: camelCase, snake_case, kebab-case and dotted names split, lower-cased. */
export function nameWords(name: string): readonly string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

/** How a field is treated because of its name. */
export type FieldRole = 'payload' | 'secret' | 'plain';

/** The role a field name gives its value. */
export function fieldRole(name: string): FieldRole {
  const words = nameWords(name);
  const last = words.at(-1);
  if (last === undefined) return 'plain';
  if (PAYLOAD_WORDS.includes(last) || PAYLOAD_PREFIXES.includes(words[0] ?? last)) return 'payload';
  if (SECRET_WORDS.includes(last) || SECRET_PAIRS.includes(words.slice(-2).join(' '))) return 'secret';
  return 'plain';
}

// Entities in folded text (e-mail addresses, URLs, host names, numbers), and undoing the spellings that disguise them.

/** Fewest digits that make a number an entity: shorter ones (a count, a page) are too common to mean a copy. */
export const MIN_ENTITY_DIGITS = 3;

/** Longest token read as an entity; longer tokens are skipped, so classifying one costs a bounded amount. */
const MAX_ENTITY_LENGTH = 2048;

/**
 * Spellings that stand for `@`, `.` and `http` in disguised addresses, on folded (lower-case, single-spaced)
 * text: `ops (at) evil (dot) example`, `ops[at]evil[.]example`, `ops at evil dot example`, `hxxps://`.
 */
const DEOBFUSCATIONS: readonly (readonly [RegExp, string])[] = Object.freeze([
  [/ ?[([{<] ?(?:at|@) ?[)\]}>] ?/g, '@'],
  [/ ?[([{<] ?(?:dot|\.) ?[)\]}>] ?/g, '.'],
  [/ at (?=\S)/g, '@'],
  [/ dot (?=\S)/g, '.'],
  [/\bhxxp/g, 'http'],
  [/\[:\]/g, ':'],
]);

/** Every entity but a number holds one of these; a token without any is skipped at once. */
const ENTITY_MARK = /[.@:]/;
const TOKEN_SEPARATORS = /[\s<>"'`(){}[\],;|\\^]+/u;
const EDGE_PUNCTUATION = /^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu;
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?';
const HOST = new RegExp(`^(?:${LABEL}\\.)+\\p{L}[\\p{L}\\p{N}-]{1,62}$`, 'u');
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;
const EMAIL = /^[^@\s]{1,64}@([^@\s]{1,253})$/u;
const URL_START = /^[a-z][a-z0-9+.-]{0,31}:\/\//;
/** A run of digits with the separators phone, card and account numbers are written with. */
const NUMBER_RUN = /\+?\d[\d ()./-]*\d/g;
const WHOLE_NUMBER = /^\+?[\d ()./-]+$/;
/** A calendar date, year first or last, with a time of day or without. */
const DATE =
  /^(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{4})(?:[t ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?z?)?$/i;

/** True for a date (`2024-05-19`, `19/05/2024`, `2024-05-19t10:00:00`): too common to mean a copy. */
export function isDate(text: string): boolean {
  return DATE.test(text);
}

/** The text with disguised `@`, `.` and `http` spellings undone. */
export function deobfuscate(folded: string): string {
  let text = folded;
  for (const [pattern, replacement] of DEOBFUSCATIONS) text = text.replace(pattern, replacement);
  return text;
}

/**
 * Keys of every entity in remembered (folded) text: `e:` addresses, `u:` URLs, `h:` host names (with those
 * inside addresses and URLs), `n:` numbers as their digits (dates aside). Disguised spellings are undone by the
 * caller ({@link deobfuscate}), which compares that form too. Linear in the text.
 */
export function rememberedEntities(folded: string): string[] {
  const keys = new Set<string>();
  for (const token of folded.split(TOKEN_SEPARATORS)) addTokenKeys(token, keys, true);
  for (const run of folded.match(NUMBER_RUN) ?? []) addNumberKey(run, keys);
  return [...keys];
}

/**
 * Keys of an argument (folded) for comparison with remembered entities: the whole value when it is an entity
 * (a number too, whatever its length, so a short address or account copied whole is caught), and every address,
 * URL and host name inside it, each whole (the domain of an address is not compared on its own, so mail to a
 * domain the output merely mentions is not taken for a copy). Linear in the text.
 */
export function argumentEntities(folded: string): string[] {
  const keys = new Set<string>();
  const whole = folded.trim().replace(EDGE_PUNCTUATION, '');
  if (WHOLE_NUMBER.test(whole)) addNumberKey(whole, keys);
  for (const token of folded.split(TOKEN_SEPARATORS)) addTokenKeys(token, keys, false);
  return [...keys];
}

/**
 * A number's key, unless it is a date (`2024-05-19`, `19/05/2024`): the same date stands in unrelated values
 * too often to mean a copy.
 */
function addNumberKey(run: string, keys: Set<string>): void {
  if (isDate(run.trim())) return;
  const digits = run.replace(/\D/g, '');
  if (digits.length >= MIN_ENTITY_DIGITS) keys.add(`n:${digits}`);
}

/** Adds the key of a token that is an entity; with `parts`, the host inside an address or URL too. */
function addTokenKeys(raw: string, keys: Set<string>, parts: boolean): void {
  if (raw.length > MAX_ENTITY_LENGTH || !ENTITY_MARK.test(raw)) return;
  const token = raw.replace(EDGE_PUNCTUATION, '');
  if (URL_START.test(token)) {
    keys.add(`u:${token}`);
    const host = parts ? urlHost(token) : undefined;
    if (host !== undefined) keys.add(`h:${host}`);
    return;
  }
  const email = EMAIL.exec(token);
  if (email !== null) {
    const domain = email[1] ?? '';
    if (isHost(domain)) keys.add(`e:${token}`);
    if (parts && isHost(domain)) keys.add(`h:${domain}`);
    return;
  }
  if (isHost(token)) keys.add(`h:${token}`);
}

function isHost(text: string): boolean {
  return text.length <= 253 && (HOST.test(text) || IPV4.test(text));
}

function urlHost(text: string): string | undefined {
  try {
    const host = new URL(text).hostname.replace(/^\[|\]$/g, '');
    return host.length > 0 ? host : undefined;
  } catch {
    return undefined;
  }
}

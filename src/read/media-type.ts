// Parses a Content-Type field value by the grammar of RFC 9110 section 8.3.1, without guessing.
import { isOws, skipOws, trimOws } from './ows.js';

/** A parsed media type: lower-cased type and subtype, parameters by lower-cased name. */
export interface MediaType {
  readonly type: string;
  readonly subtype: string;
  /** `type/subtype`, lower case, without parameters. */
  readonly essence: string;
  /** Parameter values (quoted strings unescaped; case kept). A lookup map without a prototype. */
  readonly parameters: Readonly<Record<string, string>>;
}

/** RFC 9110 `token`: one or more tchar. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** One character allowed inside a quoted string (qdtext), or after a backslash (quoted-pair). */
const QDTEXT = /^[\t\x20\x21\x23-\x5b\x5d-\x7e\x80-\xff]$/;
const QUOTED_PAIR = /^[\t\x20-\x7e\x80-\xff]$/;

/**
 * Parses `type "/" subtype *( OWS ";" OWS [ parameter ] )` with `parameter = token "=" ( token / quoted-string )`.
 * Surrounding whitespace is allowed, whitespace around `=` is not. A value that does not match, or that names
 * a parameter twice (parsers disagree on which copy wins), is `undefined`.
 */
export function parseMediaType(value: string): MediaType | undefined {
  const text = trimOws(value);
  const semicolon = text.indexOf(';');
  const head = semicolon === -1 ? text : trimOws(text.slice(0, semicolon));
  const slash = head.indexOf('/');
  const type = head.slice(0, slash);
  const subtype = head.slice(slash + 1);
  if (slash === -1 || !TOKEN.test(type) || !TOKEN.test(subtype)) return undefined;
  const parameters = semicolon === -1 ? emptyParameters() : parseParameters(text, semicolon);
  if (parameters === undefined) return undefined;
  const essence = `${type}/${subtype}`.toLowerCase();
  return Object.freeze({
    type: type.toLowerCase(),
    subtype: subtype.toLowerCase(),
    essence,
    parameters: Object.freeze(parameters),
  });
}

/** Parses the parameter list that starts at the `;` at `start`. */
function parseParameters(text: string, start: number): Record<string, string> | undefined {
  const parameters = emptyParameters();
  let i = start;
  while (i < text.length) {
    // At a ";": skip it and the whitespace after it; an empty parameter is allowed.
    i = skipOws(text, i + 1);
    if (i >= text.length || text[i] === ';') continue;
    const equals = text.indexOf('=', i);
    if (equals === -1) return undefined;
    const name = text.slice(i, equals);
    if (!TOKEN.test(name)) return undefined;
    const parsed = text[equals + 1] === '"' ? readQuoted(text, equals + 1) : readToken(text, equals + 1);
    if (parsed === undefined) return undefined;
    const key = name.toLowerCase();
    if (Object.hasOwn(parameters, key)) return undefined;
    parameters[key] = parsed.value;
    i = skipOws(text, parsed.end);
    if (i < text.length && text[i] !== ';') return undefined;
  }
  return parameters;
}

function readToken(text: string, start: number): { value: string; end: number } | undefined {
  let end = start;
  while (end < text.length && text[end] !== ';' && !isOws(text[end])) end++;
  const value = text.slice(start, end);
  return TOKEN.test(value) ? { value, end } : undefined;
}

/** Reads a quoted string whose opening quote is at `start`, unescaping quoted pairs. */
function readQuoted(text: string, start: number): { value: string; end: number } | undefined {
  let value = '';
  let i = start + 1;
  while (i < text.length) {
    const char = text.charAt(i);
    if (char === '"') return { value, end: i + 1 };
    if (char === '\\') {
      const escaped = text.charAt(i + 1);
      if (!QUOTED_PAIR.test(escaped)) return undefined;
      value += escaped;
      i += 2;
    } else {
      if (!QDTEXT.test(char)) return undefined;
      value += char;
      i += 1;
    }
  }
  return undefined;
}

function emptyParameters(): Record<string, string> {
  return Object.create(null) as Record<string, string>;
}

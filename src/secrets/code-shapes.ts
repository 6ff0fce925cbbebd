// Values that read as code, types, names, paths or prose rather than a literal credential (data, no state).

/** How a value of code starts: a group, an object, an index or a tag; a concatenation (`+ x`, `.$p`); an
 * interpolation (`#{`); a variable (`$name`, `\\$_POST[`, `${`). */
const CODE_START = /^(?:[({[<:]|\.[\w$]|\+\s?[\w$"']|#\{|=>|\\?\$(?:[A-Za-z_]\w*(?:$|[[.(]|->)|[{(]))/;
/** A keyword that starts an expression, never a literal. */
const EXPRESSION_WORD =
  /^(?:new|await|async|typeof|function|class|yield|lambda|return|this|self|null|nil|None|require)\b/;
/** A call, a member access, an index or a generic after an identifier path (`fromX509(`, `auth[1]`, `Record<`). */
const CALL_OR_ACCESS = /^[A-Za-z_$][\w$]*(?:(?:\.|\?\.|::|->)[A-Za-z_$][\w$]*)*\s*(?:\?\.)?[([<]/;
/** Tokens only code has: `this.`, an arrow, a body, a call without arguments, exports, an operator between
 * blanks (`a ? b : c`, `x === y`, `a ?? b`, `a + b`, `next & MASK`, `n.length > 0`), a regex group, an
 * optional call. */
const CODE_TOKEN =
  /\bthis\.|=>|\)\s*\{|\(\)|\)\.|\bexports\.|\bvoid 0\b|\bfunction\b|\breturn\b|\s(?:[?:&|^*%+<>]|[<>]=|===?|!==?|\?\?|\|\||&&|<<|>>>?)\s|\(\?[:=!<]|\?\.\(|^![01]\b|;\s*(?:if|for|let|const|var|return)\b|;\s+[A-Za-z_$]/;
/** A regular expression literal. */
const REGEX_LITERAL = /^\/.+\/[dgimsuyv]*$/;
/** An arrow function or a comparison somewhere in its head. */
const ARROW = /^.{0,80}=>/;
/** A TypeScript primitive type, alone or in a union, array or parameter list. */
const PRIMITIVE_TYPE =
  /^(?:string|number|boolean|bigint|symbol|object|unknown|never|undefined|void|any)(?:\[\]|\s*[|&,;)=]|$)/;
/** A type name followed by what only a type is followed by (`RedisKey[]`, `Buffer | null`, `Token):`). */
const TYPE_NAME = /^[A-Z][A-Za-z0-9]*(?:\.[A-Z][A-Za-z0-9]*)*(?:\[\]|\s*[|&]\s|\)|;$)/;
/** A number literal: hexadecimal, binary, octal, or with a fraction or exponent. */
const NUMBER = /^[-+]?(?:0x[0-9a-f_]+|0b[01_]+|0o[0-7_]+|\d+\.\d+(?:e[-+]?\d+)?|\d+e[-+]?\d+)n?$/i;
/** An absolute or relative file path, or a home-relative one. */
const FILE_PATH = /^(?:~|\.{1,2})?\/[\w@.~%+:/-]*$/;
/** An AWS resource name. */
const ARN = /^arn:aws[\w-]*:/;
/** A CSS selector or a page anchor of words (`#add-password`, `.btn-token`). */
const SELECTOR = /^[#.][a-z][a-z-]*$/;
/** A dotted reference (`config.apiKey`, `this.token`) or a call with its arguments: code naming a value. */
const REFERENCE =
  /^(?:[A-Za-z_$][\w$]*)(?:(?:\.|::|->|\?\.)[A-Za-z_$][\w$]*)+(?:\(\))?$|^[A-Za-z_$][\w$.]*\(.*\)$/;
/** A URL with no userinfo (credentials in a URL are found by the URL rule). */
const PLAIN_URL = /^[a-z][a-z0-9+.-]*:\/\/[^\s@/?#]+(?:[/?#]\S*)?$/i;

/** True when every piece of a value split at `/ # . : _ -` is a word of letters or a number, and one of them
 * is a word of three letters or more (`grant-type:jwt-bearer`, `cms/sites/passwords#update`): a name, a route or
 * a URN. (A password may be such words, `user:pass`: the caller decides.) */
export function madeOfWordsAndNumbers(value: string): boolean {
  const parts = value.split(/[/#.:_-]+/).filter((part) => part.length > 0);
  if (parts.length < 2 || !parts.some((part) => /^[A-Za-z]{3,}$/.test(part))) return false;
  return parts.every((part) => /^(?:[A-Za-z]{2,}|\d+)$/.test(part));
}

/** A keyboard shortcut (`Control+Shift+T`). */
const SHORTCUT = /^[A-Z][a-z]+(?:\+[A-Za-z0-9]+)+$/;
/** A name and its number or version (`davinci-002`, `gpt-4`, `pin-sha256`). */
const NAME_AND_NUMBER = /^[a-z]+(?:[-_.][a-z]+)*[-_.]v?\d+(?:\.\d+)*$/i;
/** A type name with a bundler's numeric suffix (`SemicolonToken$1`). */
const SUFFIXED_TYPE = /^[A-Z][A-Za-z]+\$\d+$/;

/** A part that reads as a word: three or more letters, three in ten of them vowels (or y), and no run of five
 * consonants (`Session`, `subscription`; not `Xpdpaoxt`). */
function isWordPart(part: string): boolean {
  const letters = part.replace(/\d+$/, '').toLowerCase();
  if (!/^[a-z]{3,}$/.test(letters) || /[^aeiouy]{5}/.test(letters)) return false;
  return (letters.match(/[aeiouy]/g) ?? []).length >= 0.3 * letters.length;
}

/**
 * True when camelCase or PascalCase splits into parts that are words ({@link isWordPart}) but for at most one (`PropertyKey`, `GLenum`, `readX509ResponseError`), with at most three digits: a name.
 */
function camelWords(raw: string): boolean {
  const value = raw.replace(/^_+|_+$/g, '');
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(value) || (value.match(/\d/g) ?? []).length > 4) return false;
  const parts = value
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[ _]+/);
  const words = parts.filter(isWordPart).length;
  return parts.length >= 2 && words >= 1 && parts.length - words <= 1;
}

/**
 * True when a name is made of words: camelCase or PascalCase of two or more words (`PropertyKey`,
 * `expectedIssuer`), words joined by `_` or `-` in one case (`SANDBOX_AWS_ACCESS_KEY_ID`), or one word in
 * capitals of four or more letters (`RETRYCOUNT`). No digits, so no entropy: an identifier, not a credential.
 */
export function isWordIdentifier(value: string): boolean {
  if (camelWords(value) || /^__[A-Za-z][\w]*__$/.test(value)) return true;
  if (/[^A-Za-z_-]/.test(value)) return false;
  if (/^[A-Z]{2,}(?:[A-Z][a-z]+)+$/.test(value) || /^(?:[A-Z][a-z]+)+[A-Z]{2,}$/.test(value)) return true;
  if (/^[A-Z]{4,}$/.test(value)) return true;
  return /^[A-Z]{2,}(?:[_-][A-Z]{2,})+$/.test(value) || /^[a-z]{2,}(?:[_-][a-z]{2,})+$/.test(value);
}

/** Four or more words separated by blanks: a sentence or a description, not a credential. */
export function isProse(value: string): boolean {
  const words = value.trim().split(/\s+/);
  if (words.length < 4) return false;
  return words.filter((word) => /^[A-Za-z][A-Za-z']*[,.:;!?]?$/.test(word)).length >= 3;
}

/**
 * True when a value read after a credential name is code, a type, a name, a path, a URL or prose rather than a
 * literal: a call, member access or arrow function, a type annotation, a number literal, a variable, an
 * identifier made of words, a file path or route, an ARN, a selector, a plain URL, or a sentence.
 */
export function readsAsCode(raw: string): boolean {
  if (PRIMITIVE_TYPE.test(raw) || TYPE_NAME.test(raw) || REGEX_LITERAL.test(raw)) return true;
  // What ends a type or an argument (`Token):`, `PropertyKey]:`, `Buffer;`) and quotes around a quoted name
  // are no part of the value.
  const value = raw.replace(/[)\]};:,/]+$/, '').replace(/^(["'])(.*)\1$/, '$2');
  if (
    /`[\s).,]|\s`/.test(value) ||
    SUFFIXED_TYPE.test(value) ||
    NAME_AND_NUMBER.test(value) ||
    SHORTCUT.test(value)
  )
    return true;
  if (value.includes('|') && value.split(/\s*\|\s*/).every(isTypePart)) return true;
  if (CODE_TOKEN.test(value)) return true;
  if (CODE_START.test(value) || EXPRESSION_WORD.test(value) || CALL_OR_ACCESS.test(value)) return true;
  if (ARROW.test(value) || NUMBER.test(value)) return true;
  if (FILE_PATH.test(value) || ARN.test(value) || SELECTOR.test(value) || PLAIN_URL.test(value)) return true;
  if (REFERENCE.test(value) && (value.match(/\d/g) ?? []).length <= 3) return true;
  return isWordIdentifier(value) || isProse(value);
}

/** One member of a union type: a name, a reference, a primitive or a quoted literal. */
function isTypePart(part: string): boolean {
  return (
    REFERENCE.test(part) || isWordIdentifier(part) || PRIMITIVE_TYPE.test(part) || /^(["']).*\1$/.test(part)
  );
}

/** Words on a line that make a 40-digit hex value (or a short `0x` key id) a public key's fingerprint. */
const FINGERPRINT_CONTEXT =
  /\b(?:gpg|pgp|gnupg|openpgp|fingerprint|keyserver|recv-keys|key ?id|signing key)\b/i;
/** A key fingerprint or key id: 40 hex digits (optionally in groups of four) or `0x` and 8 or 16 of them. */
const FINGERPRINT = /^(?:[0-9A-F]{40}|(?:[0-9A-F]{4} ?){10}|0x[0-9A-F]{8}(?:[0-9A-F]{8})?)$/i;

/** True when a value is a PGP key fingerprint or key id on a line that talks about keys of that kind. */
export function isKeyFingerprint(value: string, line: string): boolean {
  return FINGERPRINT.test(value) && FINGERPRINT_CONTEXT.test(line);
}

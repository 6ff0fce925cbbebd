// Which corpus secrets are placeholders (runs of x, repeats, EXAMPLE, templates, counting sequences, named values).

/** Secrets shaped as placeholders (runs of x, repeated characters, EXAMPLE, a `{secret}` template field, a bare
 * placeholder word as password): the detector keeps those by design. */
const PLACEHOLDER = /x{3}|X{3}|\*{3}|(.)\1{5,}|EXAMPLE|example|^\{\w+\}$|^(?:password|secret|changeme)$/;

/** True when a scanner's sample secret is a placeholder, left out of the scanner corpus. */
export function isPlaceholderSecret(secret: string): boolean {
  return PLACEHOLDER.test(secret);
}

/** Words and shapes a person writes in place of a credential: a template reference, a named stand-in. */
const STAND_IN =
  /sample|dummy|placeholder|changeme|fake|your[_-]?[a-z]|#\{|^my[_-]?(?:password|secret|token|key)|^[<{[]|^\$\w+$|^"?\$[{(]?\w+|^%\w+%$|\{\{/i;
/** A value made only of letters and separators that names what it stands for (`smtp_password`). */
const NAMED_VALUE = /^[A-Za-z_-]*(?:password|passwd|secret|token)[A-Za-z_-]*$/i;

/** The step from one character to another inside digits or inside letters (case ignored), or NaN across them. */
function step(a: number, b: number): number {
  const digit = (c: number): boolean => c >= 48 && c <= 57;
  const letter = (c: number): boolean => (c | 32) >= 97 && (c | 32) <= 122;
  if (digit(a) && digit(b)) return (b - a + 10) % 10 === 1 ? 1 : (a - b + 10) % 10 === 1 ? -1 : b - a;
  return letter(a) && letter(b) ? (b | 32) - (a | 32) : Number.NaN;
}

/** Marks the characters of counting runs (three or more, each step +1 or -1) taken every `stride` characters. */
function markRuns(value: string, stride: number, marked: boolean[]): void {
  for (let start = 0; start < stride; start++) {
    let runFrom = start;
    let direction = 0;
    for (let i = start + stride; ; i += stride) {
      const s = i < value.length ? step(value.charCodeAt(i - stride), value.charCodeAt(i)) : Number.NaN;
      if ((s === 1 || s === -1) && (direction === 0 || s === direction)) {
        direction = s;
        continue;
      }
      if ((i - runFrom) / stride >= 3)
        for (let j = runFrom; j < i && j < value.length; j += stride) marked[j] = true;
      if (i >= value.length) break;
      runFrom = s === 1 || s === -1 ? i - stride : i;
      direction = s === 1 || s === -1 ? s : 0;
    }
  }
}

/** Share of a value's characters in counting runs (`123`, `abc`, `zyx`), read one by one or every other one
 * (`a1b2c3`, `X9y8Z7`), or in runs of one repeated character (`aaaabbbb`). */
function countingShare(value: string): number {
  const marked: boolean[] = [];
  markRuns(value, 1, marked);
  markRuns(value, 2, marked);
  for (const m of value.matchAll(/(.)\1{2,}/g))
    for (let j = 0; j < m[0].length; j++) marked[m.index + j] = true;
  return value.length === 0 ? 0 : marked.filter(Boolean).length / value.length;
}

/** The example UUID of RFC 4122's Wikipedia article and documentation everywhere. */
const EXAMPLE_UUID = /123e4567-?e89b|e89b-?12d3-?a456/i;
/** A counting run of six or more read one by one (`abcdef`, `123456`, `zyxwvu`). */
const LONG_RUN =
  /abcdef|bcdefg|cdefgh|defghi|efghij|fghijk|ghijkl|hijklm|ijklmn|jklmno|klmnop|lmnopq|mnopqr|nopqrs|opqrst|pqrstu|qrstuv|rstuvw|stuvwx|tuvwxy|uvwxyz|zyxwvu|123456|234567|345678|456789|567890|987654|876543|765432|654321/i;
/** Runs along a keyboard row. */
const KEYBOARD = /qwert|asdfg|zxcvb|yuiop|hjkl/i;

/** A token without its leading provider word (`bkua_`, `tskey-secret-`): the part that should be random. */
function body(secret: string): string {
  const rest = secret.replace(/^(?:[A-Za-z]{2,12}[_-])+/, '');
  return rest.length >= 12 ? rest.replace(/[-_.]/g, '') : secret;
}

/**
 * True when a secret is a placeholder in the broad sense the outside corpus marks: the shapes above, a stand-in
 * word or template reference, a value that names itself, or one mostly made of counting runs (`abcdef123456`).
 */
export function isMarkedPlaceholder(secret: string): boolean {
  return (
    isPlaceholderSecret(secret) ||
    STAND_IN.test(secret) ||
    NAMED_VALUE.test(secret) ||
    EXAMPLE_UUID.test(secret) ||
    KEYBOARD.test(secret) ||
    LONG_RUN.test(secret) ||
    countingShare(body(secret)) >= 0.5
  );
}

// The quick check before the prefilter: one pass that proves ordinary prose opens no candidate window.

/** `String.prototype.charCodeAt`, for `.call(text, i)` in loops: see quick-scan.ts for why. */
// eslint-disable-next-line @typescript-eslint/unbound-method -- always called with `.call(text, index)`
const charCodeAt: (this: string, index: number) => number = String.prototype.charCodeAt;

/** A run of this many token characters opens a window (the prefilter's own threshold). */
export const MIN_TOKEN_RUN = 20;
/** How many blanks, quotes or brackets the prefilter skips between a credential name and its operator. */
const MAX_SKIPPED = 4;
/** How far back the prefilter reads a credential name. */
const MAX_NAME = 64;

/** What one ASCII character means to the quick check, as bits of {@link SECRET_CHAR_KINDS}. */
export const SECRET_KIND = Object.freeze({
  /** Continues a run of token characters (`A-Z a-z 0-9 + / = _ -`). */
  run: 1,
  /** An operator that may follow a credential name (`: = > ( , " ' \` %`): see {@link credentialNameBefore}. */
  trigger: 2,
  /** A character that may start a rare secret shape (`- . ~ %`): see {@link rareShapeAt}. */
  rare: 4,
  /** `@` or `:`: a text holding both may hold `user:pass@` (see {@link userinfoPossible}). */
  userinfo: 8,
});

const IDENT = 16;
const SKIP = 32;
const AT = 64;
const COLON = 128;

/** Per ASCII code, its {@link SECRET_KIND} bits (and private ones the checks below use). */
export const SECRET_CHAR_KINDS: Readonly<Uint8Array> = (() => {
  const kinds = new Uint8Array(128);
  const mark = (chars: string, kind: number): void => {
    for (const c of chars) kinds[c.charCodeAt(0)] = (kinds[c.charCodeAt(0)] ?? 0) | kind;
  };
  for (let c = 48; c <= 122; c++) {
    if (c <= 57 || (c >= 65 && c <= 90) || c >= 97) kinds[c] = SECRET_KIND.run | IDENT;
  }
  mark('+/=_-', SECRET_KIND.run);
  mark('_-.', IDENT);
  mark(' \t"\'\\]`', SKIP);
  mark(':=>(,"\'`%', SECRET_KIND.trigger);
  mark('-.~%', SECRET_KIND.rare);
  mark('@:', SECRET_KIND.userinfo);
  mark('@', AT);
  mark(':', COLON);
  return kinds;
})();

/** Every credential name fragment the prefilter looks for before an operator (see prefilter.ts), by lead. */
const NAMES_BY_LEAD: readonly (readonly string[] | undefined)[] = (() => {
  const names =
    'pass pwd secret token key auth cred sig sas dsn access session cookie login bundle_ pat'.split(' ');
  const byLead: string[][] = [];
  for (const name of names) (byLead[name.charCodeAt(0)] ??= []).push(name);
  return byLead;
})();

/** The first two letters of every credential name, lower case, as `first * 128 + second`. */
const NAME_STARTS: Readonly<Uint8Array> = (() => {
  const starts = new Uint8Array(128 * 128);
  for (const [lead, names] of NAMES_BY_LEAD.entries()) {
    for (const name of names ?? []) starts[lead * 128 + name.charCodeAt(1)] = 1;
  }
  return starts;
})();

const USER_FLAG = /(?:-u|--user)[ \t=+%]/y;
const URL_ENCODED_SCHEME = /%3A%2F%2F/iy;

function kindOf(c: number): number {
  return c < 128 ? (SECRET_CHAR_KINDS[c] as number) : 0;
}

function lowerCase(c: number): number {
  return c >= 65 && c <= 90 ? c + 32 : c;
}

/** True when a credential name fragment (compared without case) starts at `at` and ends by `end`. */
function nameAt(text: string, at: number, end: number): boolean {
  const lead = charCodeAt.call(text, at) | 0x20;
  if (NAME_STARTS[((lead & 127) << 7) | ((charCodeAt.call(text, at + 1) | 0x20) & 127)] !== 1) return false;
  const names = NAMES_BY_LEAD[lead];
  if (names === undefined) return false;
  for (const name of names) {
    if (at + name.length > end) continue;
    let i = 1;
    while (i < name.length && lowerCase(charCodeAt.call(text, at + i)) === name.charCodeAt(i)) i++;
    if (i === name.length) return true;
  }
  return false;
}

/** `password is "…"`: where a name ends when the word before `end` is `is` or `was` after a blank (else `end`). */
export function pastCopula(text: string, end: number): number {
  const c = end >= 4 ? charCodeAt.call(text, end - 1) | 0x20 : 0;
  if (c !== 115) return end; // 's'
  const b = charCodeAt.call(text, end - 2) | 0x20;
  const word = b === 105 ? 2 : b === 97 && (charCodeAt.call(text, end - 3) | 0x20) === 119 ? 3 : 0; // is, was
  if (word === 0 || charCodeAt.call(text, end - word - 1) !== 32) return end;
  let at = end - word - 1;
  while (at > 0 && end - word - at < MAX_SKIPPED && charCodeAt.call(text, at - 1) === 32) at--;
  return at;
}

/**
 * True when the identifier before the operator at `at` (past at most four blanks, quotes or brackets) holds
 * a credential name fragment: where the prefilter's keyword triggers can fire. Never false where they fire.
 */
export function credentialNameBefore(text: string, at: number): boolean {
  let end = at;
  while (end > 0 && at - end < MAX_SKIPPED && (kindOf(charCodeAt.call(text, end - 1)) & SKIP) !== 0) end--;
  end = pastCopula(text, end);
  // Back over the identifier (at most MAX_NAME characters), each character paired with the one after it.
  let next = 0;
  for (let i = end - 1; i >= 0 && end - i <= MAX_NAME; i--) {
    const c = charCodeAt.call(text, i);
    if ((kindOf(c) & IDENT) === 0) return false;
    const pair = ((c | 0x20) << 7) | (next | 0x20);
    if (i + 3 <= end && NAME_STARTS[pair & 0x3fff] === 1 && nameAt(text, i, end)) return true;
    next = c;
  }
  return false;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function startsAt(text: string, at: number, shape: RegExp): boolean {
  shape.lastIndex = at;
  return shape.test(text);
}

/**
 * True when a rare secret shape starts at the rare character at `at`: `-----BEGIN`, a `-u`/`--user` flag,
 * a `--flag` naming a credential, the `.ey` of a JWT payload, the `Q~` of an Azure secret, `%3A%2F%2F`.
 */
export function rareShapeAt(text: string, at: number): boolean {
  // Every read stays inside the text: a read past either end would make the optimized scan slower.
  const next = at + 1 < text.length ? charCodeAt.call(text, at + 1) : 0;
  switch (charCodeAt.call(text, at)) {
    case 45: // '-'
      if (text.startsWith('-----BEGIN', at) || startsAt(text, at, USER_FLAG)) return true;
      return next === 45 && credentialNameBefore(text, identifierEnd(text, at + 2));
    case 46: {
      // '.' before the `ey` of a JWT payload
      const third = at + 2 < text.length ? charCodeAt.call(text, at + 2) : 0;
      return next === 101 && (third === 121 || third === 119);
    }
    case 126: // '~' after a digit and `Q`
      return at >= 2 && charCodeAt.call(text, at - 1) === 81 && isDigit(charCodeAt.call(text, at - 2));
    case 37: // '%'
      return startsAt(text, at, URL_ENCODED_SCHEME);
    default:
      return false;
  }
}

function identifierEnd(text: string, at: number): number {
  let end = at;
  while (end < text.length && end - at < MAX_NAME && (kindOf(charCodeAt.call(text, end)) & IDENT) !== 0)
    end++;
  return end;
}

/** True when the OR of a text's {@link SECRET_CHAR_KINDS} holds both `@` and `:` (a `user:pass@` may be there). */
export function userinfoPossible(seen: number): boolean {
  return (seen & AT) !== 0 && (seen & COLON) !== 0;
}

/**
 * True when `text` may open a candidate window of the prefilter; false only when it cannot. One pass over
 * the characters: runs of token characters, a credential name before each operator, and which rare
 * characters occur (their shapes are looked for only when they do).
 */
export function mayOpenWindow(text: string): boolean {
  let seen = 0;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const c = charCodeAt.call(text, i);
    // Outside ASCII nothing continues a run or opens a shape.
    if (c >= 128) {
      run = 0;
      continue;
    }
    const kind = SECRET_CHAR_KINDS[c] as number;
    seen |= kind;
    if ((kind & SECRET_KIND.run) === 0) run = 0;
    else if (++run === MIN_TOKEN_RUN) return true;
    // One test for the rare characters that may start a shape: triggers and rare characters.
    if ((kind & (SECRET_KIND.trigger | SECRET_KIND.rare)) === 0) continue;
    if ((kind & SECRET_KIND.trigger) !== 0 && credentialNameBefore(text, i)) return true;
    if ((kind & SECRET_KIND.rare) !== 0 && rareShapeAt(text, i)) return true;
  }
  return userinfoPossible(seen);
}

// The prefilter: one pass that finds where a secret could start and returns windows; prose yields none.
import { mayOpenWindow, pastCopula } from './quick-check.js';

/** A half-open range `[from, to)` of the text that the rules must scan. */
export type Window = readonly [from: number, to: number];

const MIN_RUN = 20;
const BEFORE = 1024;
const AFTER = 32768;
const PEM_SPAN = 65536;
const KEYWORDS = Object.freeze([
  'pass',
  'pwd',
  'secret',
  'token',
  'key',
  'auth',
  'cred',
  'sig',
  'sas',
  'dsn',
  'access',
  'session',
  'cookie',
  'login',
  'bundle_',
  'pat',
]);

const RUN = 1;
const TRIGGER = 2;

/** Per ASCII code: whether it continues a token run, and whether it can trigger a rule. */
const CHAR_KIND: Readonly<Uint8Array> = (() => {
  const kinds = new Uint8Array(128);
  for (let c = 0; c < 128; c++) if (isRunCode(c)) kinds[c] = RUN;
  for (const c of ':=>(,"\'`%-~.') kinds[c.charCodeAt(0)] = (kinds[c.charCodeAt(0)] ?? 0) | TRIGGER;
  return kinds;
})();

function isRunCode(c: number): boolean {
  return (
    (c >= 48 && c <= 57) ||
    (c >= 65 && c <= 90) ||
    (c >= 97 && c <= 122) ||
    c === 43 ||
    c === 47 ||
    c === 61 ||
    c === 95 ||
    c === 45
  );
}

function isDigitCode(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isIdentCode(c: number): boolean {
  return (
    (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45 || c === 46
  );
}

/** True when the identifier just before `at` (past quotes, brackets and blanks) names a credential. */
function keywordBefore(text: string, at: number): boolean {
  let end = at;
  for (let skipped = 0; end > 0 && skipped < 4; skipped++) {
    const c = text.charCodeAt(end - 1);
    if (c !== 32 && c !== 9 && c !== 34 && c !== 39 && c !== 92 && c !== 93 && c !== 96) break;
    end--;
  }
  end = pastCopula(text, end);
  let start = end;
  while (start > 0 && end - start < 64 && isIdentCode(text.charCodeAt(start - 1))) start--;
  if (end - start < 2) return false;
  const word = text.slice(start, end).toLowerCase();
  return KEYWORDS.some((keyword) => word.includes(keyword));
}

function identifierEnd(text: string, at: number): number {
  let end = at;
  while (end < text.length && end - at < 64 && isIdentCode(text.charCodeAt(end))) end++;
  return end;
}

/** True when an `@` closes a run of userinfo characters starting at `at` (a URL or bare `user:pass@host`). */
function userinfoAhead(text: string, at: number): boolean {
  const limit = Math.min(text.length, at + 256);
  for (let i = at; i < limit; i++) {
    const c = text.charCodeAt(i);
    if (c === 64) return true;
    if (c <= 32 || c === 47 || c === 63 || c === 34 || c === 39 || c === 60 || c === 62) return false;
  }
  return false;
}

function lineStartBefore(text: string, at: number): number {
  const limit = Math.max(0, at - BEFORE);
  for (let i = at; i > limit; i--) {
    const c = text.charCodeAt(i - 1);
    if (c === 10 || c === 13) return i;
  }
  return limit;
}

function windowEnd(text: string, at: number, pemEnd: number): number {
  if (pemEnd !== -2) {
    return pemEnd >= 0 && pemEnd - at < PEM_SPAN
      ? Math.min(text.length, pemEnd + 128)
      : Math.min(text.length, at + PEM_SPAN);
  }
  const limit = Math.min(text.length, at + AFTER);
  let lines = 0;
  for (let i = at; i < limit; i++) {
    if (text.charCodeAt(i) === 10 && ++lines === 3) return i;
  }
  return limit;
}

/** True when a `-u` or `--user` flag (curl's credentials) starts at `at`, also with a percent-encoded blank. */
function userFlagAt(text: string, at: number): boolean {
  const flag = text.startsWith('-u', at) ? 2 : text.startsWith('--user', at) ? 6 : 0;
  if (flag === 0) return false;
  const next = text.charCodeAt(at + flag);
  return next === 32 || next === 9 || next === 61 || next === 43 || next === 37;
}

/** Why the scan stopped at a character: a trigger kind, or none. */
function triggerAt(text: string, i: number, c: number): 'pem' | 'plain' | null {
  switch (c) {
    case 58: // ':'
      if (text.charCodeAt(i + 1) === 47 && text.charCodeAt(i + 2) === 47)
        return userinfoAhead(text, i + 3) ? 'plain' : null;
      return keywordBefore(text, i) ||
        (i > 0 && isIdentCode(text.charCodeAt(i - 1)) && userinfoAhead(text, i + 1))
        ? 'plain'
        : null;
    case 61: // '='
    case 62: // '>'
    case 40: // '('
    case 44: // ','
    case 34: // '"'
    case 39: // "'"
    case 96: // '`'
      return keywordBefore(text, i) ? 'plain' : null;
    case 45: // '-'
      if (text.startsWith('-----BEGIN', i)) return 'pem';
      if (userFlagAt(text, i)) return 'plain';
      return text.charCodeAt(i + 1) === 45 && keywordBefore(text, identifierEnd(text, i + 2))
        ? 'plain'
        : null;
    case 46: // '.' before the `ey` payload of a JWT whose header is shorter than a run
      return text.charCodeAt(i + 1) === 101 && /[yw]/.test(text.charAt(i + 2)) ? 'plain' : null;
    case 126: // '~' of an Azure client secret (`xxx8Q~...`)
      return text.charCodeAt(i - 1) === 81 && isDigitCode(text.charCodeAt(i - 2)) ? 'plain' : null;
    case 37: // '%'
      return /^%3A%2F%2F/i.test(text.slice(i, i + 9)) || keywordBefore(text, i) ? 'plain' : null;
    default:
      return null;
  }
}

/** Finds the windows of `text` that may hold a secret, merged and in order; prose without triggers gives none. */
export function candidateWindows(text: string): Window[] {
  return mayOpenWindow(text) ? triggeredWindows(text) : [];
}

/** {@link candidateWindows} without the quick check in front (which never changes its answer). */
export function triggeredWindows(text: string): Window[] {
  const windows: [number, number][] = [];
  const n = text.length;
  let run = 0;
  let coveredTo = -1;
  // The next END marker after a BEGIN, found once and moved forward only (-2: not looked for yet).
  let nextEnd = -2;
  const add = (at: number, pem: boolean): void => {
    if (at < coveredTo && (!pem || at + PEM_SPAN <= coveredTo)) return;
    const from = lineStartBefore(text, at);
    if (pem && (nextEnd === -2 || (nextEnd >= 0 && nextEnd < at))) nextEnd = text.indexOf('-----END', at);
    const to = Math.max(windowEnd(text, at, pem ? nextEnd : -2), at + 1);
    const last = windows[windows.length - 1];
    if (last !== undefined && from <= last[1]) last[1] = Math.max(last[1], to);
    else windows.push([from, to]);
    coveredTo = Math.max(coveredTo, to);
  };
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    const kind = c < 128 ? (CHAR_KIND[c] ?? 0) : 0;
    if ((kind & RUN) !== 0) {
      if (++run === MIN_RUN) add(i - MIN_RUN + 1, false);
    } else {
      run = 0;
    }
    if ((kind & TRIGGER) === 0 || (i < coveredTo && c !== 45)) continue;
    const found = triggerAt(text, i, c);
    if (found !== null) add(i, found === 'pem');
  }
  return windows;
}

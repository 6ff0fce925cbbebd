// Credentials after a label and a blank, no operator: `clockify SECRET 5us4…`, netrc's `password 7cc9…`.
import { isKeyCode } from './assignment-key.js';
import { lineEnd, lineStartWithin } from './assignment-value.js';
import { isKeyFingerprint, readsAsCode } from './code-shapes.js';
import { RANK, type FindingSink } from './finding.js';
import { identifierWords } from './keys.js';
import { charClasses, COMMON_VALUES, decodesToText, shannonEntropy } from './plausible.js';
import { isPlaceholder, madeUp } from './placeholders.js';
import { hasProviderPrefix } from './token-rules.js';

const LABEL_WORD = /secret|token|key|pass|pwd|access|private/gi;
/** The last word of a label that names the credential written after it. */
const LABELS = new Set(
  (
    'secret secrets token tokens key keys password passwd pwd access private apikey secretkey accesskey ' +
    'privatekey accesstoken secrettoken authtoken'
  ).split(' '),
);
/** Words before a label that make it name something public or structural (`primary key`, `public key`). */
const NOT_SECRET_BEFORE = new Set(
  'public primary foreign sort partition cache ssh gpg pgp host signing foreign unique composite'.split(' '),
);
/** The blanks (and at most one line break, or an `is`) between a label and its value. */
const GAP = /[ \t]+(?:(?:is|was)[ \t]+|\r?\n[ \t]*)?|\r?\n[ \t]*/y;
/** The value: one run of token characters, ending at a blank, a quote, a bracket or punctuation. */
const VALUE = /[A-Za-z0-9][A-Za-z0-9+/=_.~:-]{7,299}(?![A-Za-z0-9+/=_~-])/y;
/** A file name's extension at a value's end (`…-3f5a.pem`): a file, not a credential. */
const FILE_END = /\.[A-Za-z]{2,4}$/;
/** A version or a dotted number (`1.2.3`, `v20.11.1`): no credential. */
const VERSION = /^v?\d+(?:\.\d+)+(?:[-+][\w.]+)?$/;

/** The word before a label, past blanks: `public` in `public key`. */
function wordBefore(text: string, at: number): string {
  const m = /([A-Za-z]+)[ \t]+$/.exec(text.slice(Math.max(0, at - 40), at));
  return m?.[1]?.toLowerCase() ?? '';
}

/** True when a value after a label reads as a credential: letters and digits, random enough, not code. */
export function credentialAfterLabel(trimmed: string, password: boolean): boolean {
  if (trimmed.length < (password ? 8 : 16) || VERSION.test(trimmed)) return false;
  const classes = charClasses(trimmed);
  if (classes.digit === 0 || classes.upper + classes.lower === 0) return false;
  if (COMMON_VALUES.has(trimmed.toLowerCase()) || isPlaceholder(trimmed) || hasProviderPrefix(trimmed))
    return false;
  if (readsAsCode(trimmed) || madeUp(trimmed.replace(/[-_.]/g, ''), 0.5)) return false;
  if (decodesToText(trimmed)) return false;
  return shannonEntropy(trimmed) >= (password ? 2.5 : 3.0);
}

/** True when the word at `start` is in a URL's host or path (`…/sublime-text-keys-much-more-…`), not its query. */
function inUrl(text: string, start: number): boolean {
  const head = text.slice(Math.max(0, start - 512), start);
  return /[a-z][a-z0-9+.-]*:\/\/[^\s"'<>()?#]*$/i.test(head);
}

/** The line around `[start, end)`, for the fingerprint check. */
function lineAround(text: string, start: number, end: number): string {
  const from = Math.max(0, lineStartWithin(text, start, 512));
  return text.slice(from, lineEnd(text, end, Math.min(text.length, end + 512)));
}

/** The value after a label: past blanks (`SECRET 5us4…`), or joined to it (`prospect-token-ba98…`), or null. */
function valueAfterLabel(text: string, labelEnd: number, to: number): { at: number; joined: boolean } | null {
  const joiner = text.charCodeAt(labelEnd);
  if (joiner === 45 || joiner === 46) return { at: labelEnd + 1, joined: true };
  GAP.lastIndex = labelEnd;
  return GAP.test(text) && GAP.lastIndex < to ? { at: GAP.lastIndex, joined: false } : null;
}

/**
 * Finds `label value` pairs in `text[from, to)`: a credential label, then blanks or a joining `-` or `.`, then a
 * token-like value. A joined value must be long (24 or more): names like `secret-key-v2` are no credentials.
 */
export function scanLabelledValues(text: string, from: number, to: number, sink: FindingSink): void {
  LABEL_WORD.lastIndex = from;
  for (let m = LABEL_WORD.exec(text); m !== null && m.index < to; m = LABEL_WORD.exec(text)) {
    let start = m.index;
    while (start > from && m.index - start < 64 && isKeyCode(text.charCodeAt(start - 1))) start--;
    let end = m.index + m[0].length;
    while (end < to && /[A-Za-z]/.test(text.charAt(end))) end++;
    LABEL_WORD.lastIndex = end;
    const words = identifierWords(text.slice(start, end));
    // `PRIVATEkey`: the label word as written, with the letters that continue it.
    const word = text.slice(m.index, end).toLowerCase();
    const last = LABELS.has(word) ? word : (words.at(-1) ?? '');
    const before = words.length > 1 ? (words.at(-2) ?? '') : wordBefore(text, start);
    if (!LABELS.has(last) || NOT_SECRET_BEFORE.has(before)) continue;
    const next = valueAfterLabel(text, end, to);
    if (next === null || (next.joined && inUrl(text, start))) continue;
    VALUE.lastIndex = next.at;
    const value = VALUE.exec(text)?.[0].replace(/[.:]+$/, '');
    if (value === undefined || next.at >= to || (next.joined && (value.length < 24 || FILE_END.test(value))))
      continue;
    const password = last.startsWith('pass') || last === 'pwd';
    const stop = next.at + value.length;
    if (!credentialAfterLabel(value, password) || isKeyFingerprint(value, lineAround(text, start, stop)))
      continue;
    sink.push({ provider: 'generic', start: next.at, end: stop, rank: RANK.generic });
    LABEL_WORD.lastIndex = stop;
  }
}

// Generic key/value credentials: `key = value` in code, config, env files, JSON, YAML, XML and command-line flags.
import { insideTag, keyAround, type Key } from './assignment-key.js';
import {
  lineEnd,
  lineStartWithin,
  plausibleValue,
  quotedValue,
  unquotedValue,
  type ValueContext,
} from './assignment-value.js';
import { isKeyFingerprint } from './code-shapes.js';
import { isRandomToken } from './entropy-tokens.js';
import { RANK, type FindingSink } from './finding.js';

const KEYWORD = /pass|pwd|secret|token|key|auth|cred|sas|sig|dsn|session|cookie|login|access|bundle_|pat/gi;
const OPERATOR =
  /(?:\\?["'`]|\])*(?:\[[^\]\n]{0,40}\])?[ \t]*(?:(?::[ \t]*)?[A-Za-z_][\w.<>[\]?]{0,40}[ \t]*(?==[^=>]))?(:{1,3}=|\?=|\|\|=|\.=|\+=|=>|===?|!==?|=|:|,|\(|>)?[ \t]*/y;
const QUOTE_OPEN = /(?:@|[rRbBuUfF]{1,2})?(\\?["'`])/y;
const LINE_HEAD = /^[ \t]*(?:export[ \t]+|set[ \t]+|-[ \t]+|\$|#[ \t]*)?["']?$/;
/** The name of an environment variable, as an env file or a shell `export` writes it. */
const ENV_NAME = /^[A-Z][A-Z0-9_]*$/;
const REVERSED = /(["'])([^"'\n]{1,512})\1[ \t]*[!=]==?[ \t]*\(?$/;
/** `password is "…"` in a sentence: a password named in prose, its value quoted. */
const PROSE_IS = /[ \t]+(?:is|was)[ \t]+(?=["'])/y;
/** A YAML key whose value is a quoted string on the next, indented line. */
const NEXT_LINE_QUOTE = /\r?\n[ \t]+(?=["'])/y;
/** The call of a constructor that takes a user and a password (`NetworkCredential("u", "p")`). */
const CREDENTIAL_CALL = /(?:credentials?|login|auth)$/i;

type Span = { start: number; end: number };

function lineOf(text: string, span: Span): string {
  const start = Math.max(0, lineStartWithin(text, span.start, 512));
  return text.slice(start, lineEnd(text, span.end, Math.min(text.length, span.end + 512)));
}

/** Pushes a value that reads as a credential under its key, written in `context` (quoted: a literal). */
function pushIfPlausible(
  text: string,
  span: Span,
  key: Key,
  sink: FindingSink,
  context: ValueContext = 'literal',
): boolean {
  if (span.end <= span.start) return false;
  const value = text.slice(span.start, span.end);
  if (!plausibleValue(value, key.kind, context) || isKeyFingerprint(value, lineOf(text, span))) return false;
  // `pass` and `pw` are words of prose too (`a validation pass: valid`): their value must not be a word. A
  // bare `key` names map keys and keyboard keys everywhere: its value must be long and hold digits.
  const name = text.slice(key.start, key.end);
  if (/^(?:pass|pw)$/.test(name) && /^[A-Za-z]+$/.test(value)) return false;
  if (/^keys?$/i.test(name) && (value.length < 16 || !/\d/.test(value))) return false;
  sink.push({ provider: 'generic', ...span, rank: RANK.generic });
  return true;
}

function xmlValue(text: string, at: number, to: number): Span | null {
  const close = text.indexOf('</', at);
  if (close < 0 || close > Math.min(to, at + 2048)) return null;
  let start = at;
  let end = close;
  while (start < end && /\s/.test(text.charAt(start))) start++;
  while (end > start && /\s/.test(text.charAt(end - 1))) end--;
  return { start, end };
}

/** A quoted value whose quote the text never closes: the rest of the text, when it is one word of 8 or more. */
function unclosedValue(text: string, start: number, to: number): Span | null {
  const end = lineEnd(text, start, Math.min(to, start + 2048));
  return end === text.length && end - start >= 8 && !/\s/.test(text.slice(start, end))
    ? { start, end }
    : null;
}

/** The last quoted argument of the call whose first quoted argument is at `first` (the password of a pair). */
function lastArgument(text: string, first: Span, quote: string, to: number): Span {
  const close = text.indexOf(')', first.end);
  const stop = close < 0 ? Math.min(to, first.end + 512) : close;
  let last = first;
  for (let at = text.indexOf(quote, first.end + 1); at >= 0 && at < stop;) {
    const next = quotedValue(text, at, quote, stop);
    if (next === null) break;
    last = next;
    at = text.indexOf(quote, next.end + 1);
  }
  return last;
}

/** True when a `token=` query parameter belongs to a badge image's URL (public by design). */
function badgeToken(text: string, key: Key): boolean {
  if (!/^token$/i.test(text.slice(key.start, key.end))) return false;
  const head = text.slice(Math.max(0, key.start - 300), key.start);
  return /\.(?:svg|png)\?(?:[^\s?"'()]*&)?$/i.test(head);
}

/** A quoted value at `at` after the key and its operator; returns where scanning may resume. */
function quotedAfterKey(
  text: string,
  key: Key,
  op: { readonly text: string; readonly operator: string | undefined },
  at: number,
  to: number,
  sink: FindingSink,
): number {
  QUOTE_OPEN.lastIndex = at;
  const quote = QUOTE_OPEN.exec(text);
  if (quote === null) return -1;
  const mark = quote[1] ?? '"';
  const { operator } = op;
  if (operator === undefined && (op.text.length === 0 || mark === '`' || key.plainWord)) return at;
  // `fn(password, 'salt')`: after a bare name, a comma starts the next argument; in prose, code spans.
  const opener = text.charAt(key.start - 1);
  if (operator === ',' && (mark === '`' || (!/["'`\]]/.test(op.text.charAt(0)) && !/["'`]/.test(opener))))
    return at;
  const valueAt = quote.index + quote[0].length - mark.length;
  const span = quotedValue(text, valueAt, mark, to) ?? unclosedValue(text, valueAt + mark.length, to);
  if (span === null) return at;
  // `("password", "hunter2")` is a pair; `scrypt('password', 'salt', 64)` passes arguments.
  if (operator === ',' && /^\\?["'`][ \t]*,/.test(text.slice(span.end, span.end + 4))) return span.end;
  // `"Password: " + value`, `"Password:",next`: the quote closes a label the key started, code follows.
  const label = /["'`]/.test(opener) && !/^\\?["'`]/.test(op.text) && opener === mark.slice(-1);
  if (label && /^[\s,+)]/.test(text.charAt(span.start))) return span.start;
  // A back-quoted phrase is a shell command substitution, not a literal value.
  if (mark === '`' && /\s/.test(text.slice(span.start, span.end))) return span.end;
  if (operator === '(') {
    const pair = CREDENTIAL_CALL.test(text.slice(key.start, key.end));
    const value = pair ? lastArgument(text, span, mark, to) : span;
    if (value === span && !isRandomToken(text.slice(span.start, span.end))) return span.end;
    const kind = pair && value !== span ? 'password' : key.kind;
    return pushIfPlausible(text, value, { ...key, kind }, sink) ? value.end : span.start;
  }
  return pushIfPlausible(text, span, key, sink) ? span.end : span.start;
}

/** Reads the value after the key and its operator; returns where scanning may resume. */
function valueAfterKey(text: string, key: Key, from: number, to: number, sink: FindingSink): number {
  OPERATOR.lastIndex = key.end;
  const op = OPERATOR.exec(text);
  if (op === null) return key.end;
  const operator = op[1];
  let at = OPERATOR.lastIndex;
  if (operator === '>') {
    const span = text.charAt(key.start - 1) === '<' ? xmlValue(text, at, to) : null;
    if (span !== null && pushIfPlausible(text, span, key, sink, 'markup')) return span.end;
    return span?.start ?? lineEnd(text, at, Math.min(to, at + 2048));
  }
  if (operator === undefined && key.kind === 'password') {
    PROSE_IS.lastIndex = key.end;
    if (PROSE_IS.test(text)) {
      const found = quotedAfterKey(text, key, { text: ' is ', operator: 'is' }, PROSE_IS.lastIndex, to, sink);
      if (found >= 0) return found;
    }
  }
  if (operator === ':' && (at >= to || text.charCodeAt(at) === 10 || text.charCodeAt(at) === 13)) {
    NEXT_LINE_QUOTE.lastIndex = at;
    if (NEXT_LINE_QUOTE.test(text)) at = NEXT_LINE_QUOTE.lastIndex;
  }
  if (at >= to || text.charCodeAt(at) === 10 || text.charCodeAt(at) === 13) return at;
  const quoted = quotedAfterKey(text, key, { text: op[0], operator }, at, to, sink);
  if (quoted >= 0) return quoted;
  const quotedKey =
    /["'`]/.test(op[0].charAt(0)) || /["'`]$/.test(text.slice(Math.max(from, key.start - 1), key.start));
  const needsQuote = operator === undefined ? !key.flag : /^(?:,|\(|[!=]==?)$/.test(operator);
  if (needsQuote || (operator === ',' && !quotedKey)) return at;
  const lineStart = lineStartWithin(text, key.start, 64);
  const head = lineStart >= 0 && LINE_HEAD.test(text.slice(Math.max(lineStart, from), key.start));
  const restOfLine = head && !key.flag && (operator === '=' || operator === ':');
  const separator = /[?&;]/.test(text.charAt(key.start - 1)) ? text.charAt(key.start - 1) : '';
  if (separator !== '' && badgeToken(text, key)) return at;
  const span = unquotedValue(text, at, to, restOfLine, separator);
  // Unquoted mid-line or before a `,` or `;`, a name of letters is a variable (`resumptionToken: lastEventId,`).
  const code = !restOfLine || /^[ \t]*[,;]/.test(text.slice(span.end, span.end + 8));
  if (code && separator === '' && /^[A-Za-z_$][A-Za-z_$]*$/.test(text.slice(span.start, span.end)))
    return span.end;
  // An environment line (`DB_PASSWORD=open_sesame`) holds a literal: a shell names a variable only with `$`.
  const envLine = restOfLine && op[0] === '=' && ENV_NAME.test(text.slice(key.start, key.end));
  const context = separator === '' && !envLine ? 'code' : 'literal';
  return pushIfPlausible(text, span, key, sink, context) ? Math.max(span.end, at) : at;
}

/** True when a comparison operator (`==`, `!=`, `===`) ends just before `at`, past blanks and an open paren. */
function comparisonBefore(text: string, at: number): boolean {
  let i = at - 1;
  while (i > 0 && at - i < 8 && /[ \t(]/.test(text.charAt(i))) i--;
  return text.charCodeAt(i) === 61 && /[=!]/.test(text.charAt(i - 1));
}

function reversedComparison(text: string, key: Key, from: number, sink: FindingSink): void {
  if (!comparisonBefore(text, key.start)) return;
  const found = lineStartWithin(text, key.start, 600);
  const lineStart = Math.max(from, found < 0 ? key.start - 600 : found);
  if (text.charCodeAt(key.start - 1) !== 32 && text.charCodeAt(key.start - 1) !== 40) return;
  const m = REVERSED.exec(text.slice(lineStart, key.start));
  if (m === null) return;
  const value = m[2] ?? '';
  const start = lineStart + m.index + 1;
  pushIfPlausible(text, { start, end: start + value.length }, key, sink);
}

/** Finds generic credential assignments in `text[from, to)`. */
export function scanAssignments(text: string, from: number, to: number, sink: FindingSink): void {
  KEYWORD.lastIndex = from;
  let resume = from;
  for (let m = KEYWORD.exec(text); m !== null && m.index < to; m = KEYWORD.exec(text)) {
    if (m.index < resume) continue;
    const key = keyAround(text, m.index, from, to);
    if (key === null) continue;
    // `<div key={…}>`: an attribute of a tag, React's list key.
    const name = text.slice(key.start, key.end);
    if (name === 'key' && insideTag(text, key.start, Math.max(from, lineStartWithin(text, key.start, 512)))) {
      resume = key.end;
      continue;
    }
    const before = sink.length;
    resume = valueAfterKey(text, key, from, to, sink);
    if (sink.length === before) reversedComparison(text, key, from, sink);
    resume = Math.max(resume, key.end);
    KEYWORD.lastIndex = resume;
  }
}

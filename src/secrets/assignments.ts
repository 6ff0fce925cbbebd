// Generic key/value credentials: `key = value` in code, config, env files, JSON, YAML, XML and command-line flags.
import { lineEnd, lineStartWithin, plausibleValue, quotedValue, unquotedValue } from './assignment-value.js';
import { RANK, type FindingSink } from './finding.js';
import { classifyKey, type KeyClass } from './keys.js';

const KEYWORD = /pass|pwd|secret|token|key|auth|cred|sas|sig|dsn|session|cookie|login|access|bundle_/gi;
const OPERATOR =
  /(?:\\?["'`]|\])*(?:\[[^\]\n]{0,40}\])?[ \t]*(?:(?::[ \t]*)?[A-Za-z_][\w.<>[\]?]{0,40}[ \t]*(?==[^=>]))?(:{1,3}=|\?=|\|\|=|\.=|\+=|=>|===?|!==?|=|:|,|\(|>)?[ \t]*/y;
const QUOTE_OPEN = /(?:@|[rRbBuUfF]{1,2})?(\\?["'`])/y;
const LINE_HEAD = /^[ \t]*(?:export[ \t]+|set[ \t]+|-[ \t]+|\$)?["']?$/;
const REVERSED = /(["'])([^"'\n]{1,512})\1[ \t]*[!=]==?[ \t]*\(?$/;

function isKeyCode(c: number): boolean {
  return (
    (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45 || c === 46
  );
}

interface Key {
  readonly start: number;
  readonly end: number;
  readonly kind: KeyClass;
  readonly flag: boolean;
}

function keyAround(text: string, at: number, from: number, to: number): Key | null {
  let start = at;
  while (start > from && at - start < 64 && isKeyCode(text.charCodeAt(start - 1))) start--;
  let end = at;
  while (end < to && end - at < 64 && isKeyCode(text.charCodeAt(end))) end++;
  const raw = text.slice(start, end);
  const flag = raw.startsWith('-');
  const kind = classifyKey(raw.replace(/^[-.]+|[-.]+$/g, ''));
  return kind === null ? null : { start, end, kind, flag };
}

function pushIfPlausible(
  text: string,
  span: { start: number; end: number },
  kind: KeyClass,
  sink: FindingSink,
): void {
  if (span.end <= span.start) return;
  if (plausibleValue(text.slice(span.start, span.end), kind))
    sink.push({ provider: 'generic', ...span, rank: RANK.generic });
}

function xmlValue(text: string, at: number, to: number): { start: number; end: number } | null {
  const close = text.indexOf('</', at);
  if (close < 0 || close > Math.min(to, at + 2048)) return null;
  let start = at;
  let end = close;
  while (start < end && /\s/.test(text.charAt(start))) start++;
  while (end > start && /\s/.test(text.charAt(end - 1))) end--;
  return { start, end };
}

/** Reads the value after the key and its operator; returns where scanning may resume. */
function valueAfterKey(text: string, key: Key, from: number, to: number, sink: FindingSink): number {
  OPERATOR.lastIndex = key.end;
  const op = OPERATOR.exec(text);
  if (op === null) return key.end;
  const operator = op[1];
  const at = OPERATOR.lastIndex;
  const quotedKey =
    /["'`]/.test(op[0].charAt(0)) || /["'`]$/.test(text.slice(Math.max(from, key.start - 1), key.start));
  if (operator === '>') {
    const span = text.charAt(key.start - 1) === '<' ? xmlValue(text, at, to) : null;
    if (span !== null) pushIfPlausible(text, span, key.kind, sink);
    // An unclosed quote: nothing up to the line's end (or the value limit) closes it, so skip that stretch.
    return span?.end ?? lineEnd(text, at, Math.min(to, at + 2048));
  }
  if (at >= to || text.charCodeAt(at) === 10 || text.charCodeAt(at) === 13) return at;
  QUOTE_OPEN.lastIndex = at;
  const quote = QUOTE_OPEN.exec(text);
  if (quote !== null) {
    if (operator === undefined && op[0].length === 0) return at;
    const span = quotedValue(
      text,
      quote.index + quote[0].length - (quote[1] ?? '').length,
      quote[1] ?? '"',
      to,
    );
    // A back-quoted phrase is a shell command substitution, not a literal value.
    const command = quote[1] === '`' && span !== null && /\s/.test(text.slice(span.start, span.end));
    if (span !== null && !command) pushIfPlausible(text, span, key.kind, sink);
    return span?.end ?? at;
  }
  const needsQuote = operator === undefined ? !key.flag : /^(?:,|\(|[!=]==?)$/.test(operator);
  if (needsQuote || (operator === ',' && !quotedKey)) return at;
  const lineStart = lineStartWithin(text, key.start, 64);
  const head = lineStart >= 0 && LINE_HEAD.test(text.slice(Math.max(lineStart, from), key.start));
  const restOfLine = head && !key.flag && (operator === '=' || operator === ':');
  const separator = /[?&;]/.test(text.charAt(key.start - 1)) ? text.charAt(key.start - 1) : '';
  const span = unquotedValue(text, at, to, restOfLine, separator);
  pushIfPlausible(text, span, key.kind, sink);
  return Math.max(span.end, at);
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
  pushIfPlausible(text, { start, end: start + value.length }, key.kind, sink);
}

/** Finds generic credential assignments in `text[from, to)`. */
export function scanAssignments(text: string, from: number, to: number, sink: FindingSink): void {
  KEYWORD.lastIndex = from;
  let resume = from;
  for (let m = KEYWORD.exec(text); m !== null && m.index < to; m = KEYWORD.exec(text)) {
    if (m.index < resume) continue;
    const key = keyAround(text, m.index, from, to);
    if (key === null) continue;
    const before = sink.length;
    resume = valueAfterKey(text, key, from, to, sink);
    if (sink.length === before) reversedComparison(text, key, from, sink);
    resume = Math.max(resume, key.end);
    KEYWORD.lastIndex = resume;
  }
}

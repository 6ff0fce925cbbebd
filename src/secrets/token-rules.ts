// The prefix-rule engine: one scan for every known prefix, then the anchored body check of each candidate rule.
import { hasGithubChecksum, hasGrafanaKeyId, isBase64Json } from './checks.js';
import { RANK, type FindingSink } from './finding.js';
import { looksLikeSegments, looksLikeWords, shannonEntropy } from './plausible.js';
import { countedPlaceholder, hasPlaceholderMarks, isPlaceholder, madeUp } from './placeholders.js';
import { KNOWN_PUBLIC_TOKENS, PREFIX_RULES, type PrefixRule } from './providers.js';

interface CompiledRule {
  readonly rule: PrefixRule;
  readonly prefix: string;
  readonly body: RegExp;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

const BY_LEAD: Record<string, CompiledRule[]> = Object.create(null) as Record<string, CompiledRule[]>;
const ALL_PREFIXES: string[] = [];
for (const rule of PREFIX_RULES) {
  for (const prefix of rule.prefixes) {
    const lead = prefix.slice(0, 2);
    const list = (BY_LEAD[lead] ??= []);
    list.push(Object.freeze({ rule, prefix, body: new RegExp(rule.body, 'y') }));
    ALL_PREFIXES.push(prefix);
  }
}
for (const lead of Object.keys(BY_LEAD)) BY_LEAD[lead]?.sort((a, b) => b.prefix.length - a.prefix.length);

/** Source of one alternation of every prefix, longest first: the prefilter and the engine share it. */
export const PREFIX_ALTERNATION = [...new Set(ALL_PREFIXES)]
  .sort((a, b) => b.length - a.length)
  .map(escapeRegExp)
  .join('|');

const PREFIX_SCAN = new RegExp(PREFIX_ALTERNATION, 'g');
/** Prefixes of four or more characters by their first two: distinctive enough that a token carrying one belongs
 * to that provider. */
const LONG_PREFIXES: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
/** Prefixes that are also words people put before any value (`secret_…`, `key-…`): they decide nothing. */
const WORD_PREFIXES: ReadonlySet<string> = new Set(['secret_', 'key-', 'API-', 'pat.', 'sat.']);
for (const prefix of new Set(ALL_PREFIXES)) {
  if (prefix.length >= 4 && !prefix.includes('/') && !WORD_PREFIXES.has(prefix))
    (LONG_PREFIXES[prefix.slice(0, 2)] ??= []).push(prefix);
}

/** True when a token starts with a distinctive provider prefix: the provider's grammar alone decides whether it
 * is a credential, so looser rules (assignments, entropy) leave it alone. */
export function hasProviderPrefix(token: string): boolean {
  const candidates = LONG_PREFIXES[token.slice(0, 2)];
  return candidates !== undefined && candidates.some((prefix) => token.startsWith(prefix));
}

function isWordCode(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function extendsToken(c: number, base64: boolean): boolean {
  return isWordCode(c) || c === 95 || c === 45 || (base64 && (c === 43 || c === 47 || c === 61));
}

/** Where a token whose body ends at `stop` really ends, or -1 when a longer word continues it (another shape).
 * A caret, or a backslash before a letter that is no escape (`\\g`), is a pasted artefact inside the token. */
function tokenEnd(text: string, stop: number, end: number, base64: boolean): number {
  const next = text.charCodeAt(stop);
  const after = text.charAt(stop + 1);
  const escape = next === 92 && !/[nrtbfu]/.test(after);
  const artefact = (next === 94 || escape) && isWordCode(after.charCodeAt(0));
  if (artefact || base64) {
    let at = stop;
    while (at < end) {
      const c = text.charCodeAt(at);
      if (!extendsToken(c, base64) && !(artefact && (c === 92 || c === 94))) break;
      at++;
    }
    return at;
  }
  return isWordCode(next) || next === 95 || next === 45 ? -1 : stop;
}

/** True when a body that matched its provider's grammar also reads as random rather than typed or wordy. */
function plausibleBody(rule: PrefixRule, prefix: string, token: string, body: string): boolean {
  if (rule.check === 'github-crc32' && hasGithubChecksum(token)) return true;
  if (rule.check === 'json-base64' && !isBase64Json(token.replace(/=+$/, ''))) return false;
  if (rule.check === 'grafana-key' && !hasGrafanaKeyId(token)) return false;
  if (countedPlaceholder(body)) return true;
  if (hasPlaceholderMarks(body) || KNOWN_PUBLIC_TOKENS.has(token)) return false;
  if (rule.mixed === true && !(/[0-9]/.test(body) && /[A-Za-z]/.test(body))) return false;
  if (body.length <= 100) {
    if (isPlaceholder(body) || madeUp(body, 0.5)) return false;
    // A long prefix is distinctive on its own; after a short one, words mean a file or identifier name.
    if (prefix.length < 5 && (looksLikeWords(body) || looksLikeSegments(body))) return false;
  }
  return shannonEntropy(body) >= (rule.mixed === true ? 3.5 : 2.5);
}

const CUT_BODY = /[A-Za-z0-9_-]{16,400}/y;
/** The shortest line a column limit cuts (terminals, log viewers and tables cut at 76, 80, 100, 120…). */
const COLUMN_LIMIT = 76;

/** True when a line cut at `stop`: followed by an ellipsis, or ending there at a column limit's width. */
function cutAt(text: string, stop: number): boolean {
  if (/^(?:\.\.\.|…)/.test(text.slice(stop, stop + 3))) return true;
  const next = text.charCodeAt(stop);
  if (stop < text.length && next !== 10 && next !== 13) return false;
  const lineStart = Math.max(text.lastIndexOf('\n', stop - 1), text.lastIndexOf('\r', stop - 1)) + 1;
  return stop - lineStart >= COLUMN_LIMIT;
}

/**
 * Where a token cut by a column limit or a truncation ends: a distinctive prefix, then 16 or more random token
 * characters up to an ellipsis or to the end of a line as long as a column limit, shorter than the provider's
 * grammar wants. Most of a credential is still a credential. -1 when the body is not that.
 */
function cutTokenEnd(text: string, bodyStart: number): number {
  CUT_BODY.lastIndex = bodyStart;
  const m = CUT_BODY.exec(text);
  if (m === null) return -1;
  const stop = bodyStart + m[0].length;
  if (!cutAt(text, stop)) return -1;
  const body = m[0];
  if (!/\d/.test(body) || !/[A-Za-z]/.test(body) || isPlaceholder(body) || madeUp(body, 0.5)) return -1;
  return shannonEntropy(body) >= 3.5 ? stop : -1;
}

function matchAt(text: string, at: number, end: number, sink: FindingSink): number {
  const candidates = BY_LEAD[text.slice(at, at + 2)];
  if (candidates === undefined) return at + 1;
  let cut: CompiledRule | undefined;
  for (const candidate of candidates) {
    const { rule, prefix, body } = candidate;
    if (!text.startsWith(prefix, at)) continue;
    body.lastIndex = at + prefix.length;
    const m = body.exec(text);
    if (m === null) {
      if (cut === undefined && prefix.length >= 4 && !prefix.includes('/')) cut = candidate;
      continue;
    }
    const stop = tokenEnd(text, body.lastIndex, end, rule.base64 === true);
    if (stop < 0) continue;
    if (!plausibleBody(rule, prefix, text.slice(at, stop), text.slice(at + prefix.length, stop))) continue;
    sink.push({ provider: rule.provider, start: at, end: stop, rank: RANK.provider });
    return stop;
  }
  const stop = cut === undefined ? -1 : cutTokenEnd(text, at + cut.prefix.length);
  if (cut === undefined || stop < 0) return at + 1;
  sink.push({ provider: cut.rule.provider, start: at, end: stop, rank: RANK.provider });
  return stop;
}

/** Finds every prefixed provider token in `text[from, to)` and pushes its full extent. */
export function scanPrefixTokens(text: string, from: number, to: number, sink: FindingSink): void {
  PREFIX_SCAN.lastIndex = from;
  for (let m = PREFIX_SCAN.exec(text); m !== null && m.index < to; m = PREFIX_SCAN.exec(text)) {
    const at = m.index;
    const prefix = m[0];
    const before = at > 0 ? text.charCodeAt(at - 1) : 32;
    if (isWordCode(before) && isWordCode(prefix.charCodeAt(0))) continue;
    // Inside a base64 blob, or a short prefix inside a file or host name: not the start of a token.
    if (before === 43 || before === 47 || (prefix.length <= 4 && (before === 46 || before === 45))) continue;
    PREFIX_SCAN.lastIndex = Math.max(matchAt(text, at, to, sink), at + 1);
  }
}

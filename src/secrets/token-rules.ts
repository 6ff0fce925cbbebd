// The prefix-rule engine: one scan for every known prefix, then the anchored body check of each candidate rule.
import { hasGithubChecksum, isBase64Json } from './checks.js';
import { RANK, type FindingSink } from './finding.js';
import { isPlaceholder, looksLikeSegments, looksLikeWords, shannonEntropy } from './plausible.js';
import { PREFIX_RULES, type PrefixRule } from './providers.js';

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

function isWordCode(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function extendsToken(c: number, base64: boolean): boolean {
  return isWordCode(c) || c === 95 || c === 45 || (base64 && (c === 43 || c === 47 || c === 61));
}

function plausibleBody(rule: PrefixRule, token: string, body: string): boolean {
  if (rule.check === 'github-crc32' && hasGithubChecksum(token)) return true;
  if (rule.check === 'json-base64' && !isBase64Json(token.replace(/=+$/, ''))) return false;
  if (body.length <= 100 && (isPlaceholder(body) || looksLikeWords(body) || looksLikeSegments(body)))
    return false;
  return shannonEntropy(body) >= 2.5;
}

function matchAt(text: string, at: number, end: number, sink: FindingSink): number {
  const candidates = BY_LEAD[text.slice(at, at + 2)];
  if (candidates === undefined) return at + 1;
  for (const { rule, prefix, body } of candidates) {
    if (!text.startsWith(prefix, at)) continue;
    body.lastIndex = at + prefix.length;
    const m = body.exec(text);
    if (m === null) continue;
    let stop = body.lastIndex;
    const base64 = rule.base64 === true;
    while (stop < end && extendsToken(text.charCodeAt(stop), base64)) stop++;
    if (!plausibleBody(rule, text.slice(at, stop), text.slice(at + prefix.length, stop))) continue;
    sink.push({ provider: rule.provider, start: at, end: stop, rank: RANK.provider });
    return stop;
  }
  return at + 1;
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
